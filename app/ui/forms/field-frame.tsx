import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { cn } from "../primitives/cn";

// Conform's field metadata is generic over the whole form (and coerced fields are typed unknown): any field fits here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, any>;

/** The ids a control points at with aria-describedby: its hint, and its error when there is one. */
export function describedByOf(field: AnyField, hint?: ReactNode) {
  const invalid = Boolean(field.errors?.length);
  return [hint ? `${field.id}-hint` : "", invalid ? `${field.id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

export const controlClasses = (invalid: boolean) =>
  cn(
    "min-h-11 rounded-xl border bg-surface px-3.5 text-base text-ink shadow-sm transition-colors",
    "placeholder:text-ink-muted/70 focus-visible:border-forest-700",
    invalid ? "border-red-700" : "border-border",
  );

/** A field's label, its control (children), then its hint and its first error, wired for screen readers. */
export function FieldFrame({
  field,
  label,
  optional,
  hint,
  className,
  children,
}: {
  field: AnyField;
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={field.id} className="text-sm font-semibold text-ink">
        {label}
        {optional && <span className="ml-1 font-normal text-ink-muted">(optional)</span>}
      </label>
      {children}
      {hint && (
        <p id={`${field.id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {field.errors?.length ? (
        <p id={`${field.id}-error`} className="text-sm font-medium text-red-800">
          {field.errors[0]}
        </p>
      ) : null}
    </div>
  );
}
