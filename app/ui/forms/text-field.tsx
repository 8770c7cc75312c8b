import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { controlClasses, describedByOf, FieldFrame, type AnyField } from "./field-frame";

type Props = {
  field: AnyField;
  label: string;
  type?: "text" | "email" | "password" | "tel" | "url" | "number" | "date" | "time";
  autoComplete?: string;
  hint?: ReactNode;
  optional?: boolean;
  inputMode?: "numeric" | "decimal" | "text" | "email" | "tel";
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  onValueChange?: (value: string) => void;
  className?: string;
  autoFocus?: boolean;
  /** The id of a <datalist> of suggestions. */
  list?: string;
};

/** A labelled input with its hint and error wired up for screen readers (aria-describedby, aria-invalid). */
export function TextField({ field, label, type = "text", autoComplete, hint, optional, inputMode, maxLength, min, max, step, onValueChange, className, autoFocus, list }: Props) {
  return (
    <FieldFrame field={field} label={label} optional={optional} hint={hint} className={className}>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: describedByOf(field, hint) })}
        key={field.key}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        min={min}
        max={max}
        step={step}
        onInput={onValueChange && ((event) => onValueChange(event.currentTarget.value))}
        autoFocus={autoFocus}
        list={list}
        className={controlClasses(Boolean(field.errors?.length))}
      />
    </FieldFrame>
  );
}
