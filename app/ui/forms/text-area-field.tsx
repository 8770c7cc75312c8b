import { getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { cn } from "../primitives/cn";
import { controlClasses, describedByOf, FieldFrame, type AnyField } from "./field-frame";

type Props = {
  field: AnyField;
  label: string;
  hint?: ReactNode;
  autoComplete?: string;
  optional?: boolean;
  maxLength?: number;
  rows?: number;
  className?: string;
};

/** A labelled multi-line field, wired like TextField (hint and error announced, aria-invalid). */
export function TextAreaField({ field, label, hint, autoComplete, optional, maxLength, rows = 6, className }: Props) {
  return (
    <FieldFrame field={field} label={label} optional={optional} hint={hint} className={className}>
      <textarea
        {...getTextareaProps(field, { ariaDescribedBy: describedByOf(field, hint) })}
        key={field.key}
        autoComplete={autoComplete}
        maxLength={maxLength}
        rows={rows}
        className={cn(controlClasses(Boolean(field.errors?.length)), "py-2.5")}
      />
    </FieldFrame>
  );
}
