import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { cn } from "../primitives/cn";

type Props = {
  // Conform's field metadata is generic over the whole form; any form's string field fits here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  field: FieldMetadata<string | undefined, any, any>;
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
  const errorId = `${field.id}-error`;
  const hintId = `${field.id}-hint`;
  const invalid = Boolean(field.errors?.length);
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={field.id} className="text-sm font-semibold text-ink">
        {label}
        {optional && <span className="ml-1 font-normal text-ink-muted">(optional)</span>}
      </label>
      <textarea
        {...getTextareaProps(field, { ariaDescribedBy: [hint ? hintId : "", invalid ? errorId : ""].filter(Boolean).join(" ") || undefined })}
        key={field.key}
        autoComplete={autoComplete}
        maxLength={maxLength}
        rows={rows}
        className={cn(
          "min-h-11 rounded-xl border bg-surface px-3.5 py-2.5 text-base text-ink shadow-sm transition-colors",
          "placeholder:text-ink-muted/70 focus-visible:border-forest-700",
          invalid ? "border-red-700" : "border-border",
        )}
      />
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {invalid && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {field.errors![0]}
        </p>
      )}
    </div>
  );
}
