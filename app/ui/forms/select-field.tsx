import { getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { controlClasses, describedByOf, FieldFrame, type AnyField } from "./field-frame";

type Props = {
  field: AnyField;
  label: string;
  options: readonly { value: string; label: string }[];
  /** The empty first choice ("Choose a module"); without it the first option is chosen. */
  placeholder?: string;
  hint?: ReactNode;
  optional?: boolean;
};

/** A labelled native select with its hint and error wired up for screen readers. */
export function SelectField({ field, label, options, placeholder, hint, optional }: Props) {
  return (
    <FieldFrame field={field} label={label} optional={optional} hint={hint}>
      <select
        {...getSelectProps(field, {
          ariaDescribedBy: describedByOf(field, hint),
        })}
        key={field.key}
        className={controlClasses(Boolean(field.errors?.length))}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
