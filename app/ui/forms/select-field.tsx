import { getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { controlClasses, describedByOf, FieldFrame, type AnyField } from "./field-frame";

type Option = { value: string; label: string; group?: string };

type Props = {
  field: AnyField;
  label: string;
  /** Options with a `group` are shown under it (assets under their location). */
  options: readonly Option[];
  /** The empty first choice ("Choose a module"); without it the first option is chosen. */
  placeholder?: string;
  hint?: ReactNode;
  optional?: boolean;
  onValueChange?: (value: string) => void;
};

const optionsOf = (options: readonly Option[]) =>
  options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));

/** A labelled native select with its hint and error wired up for screen readers. */
export function SelectField({ field, label, options, placeholder, hint, optional, onValueChange }: Props) {
  const groups = [...new Set(options.map((option) => option.group))];
  return (
    <FieldFrame field={field} label={label} optional={optional} hint={hint}>
      <select
        {...getSelectProps(field, {
          ariaDescribedBy: describedByOf(field, hint),
        })}
        key={field.key}
        onChange={onValueChange && ((event) => onValueChange(event.currentTarget.value))}
        className={controlClasses(Boolean(field.errors?.length))}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {groups.length > 1 || groups[0] !== undefined
          ? groups.map((group) => (
              <optgroup key={group ?? ""} label={group ?? "Other"}>
                {optionsOf(options.filter((option) => option.group === group))}
              </optgroup>
            ))
          : optionsOf(options)}
      </select>
    </FieldFrame>
  );
}
