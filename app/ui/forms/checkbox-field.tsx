import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import type { AnyField } from "./field-frame";

/**
 * A checkbox with its label, a line saying what it means, and its error; the whole line is
 * clickable. `asSwitch` announces it as an on/off switch (a setting, such as a tier's Active).
 */
export function CheckboxField({ field, label, hint, defaultChecked, disabled, asSwitch }: { field: AnyField; label: string; hint?: ReactNode; defaultChecked?: boolean; disabled?: boolean; asSwitch?: boolean }) {
  // Conform adds the error's id itself when the field is invalid.
  const described = hint ? `${field.id}-hint` : undefined;
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-border px-3 py-2.5 hover:bg-cream-dark has-disabled:cursor-not-allowed has-disabled:hover:bg-transparent">
      <input
        {...getInputProps(field, {
          type: "checkbox",
          ariaDescribedBy: described,
        })}
        key={field.key}
        // Without one given, the form's initial value decides (an explicit undefined would override it).
        {...(defaultChecked === undefined ? {} : { defaultChecked })}
        disabled={disabled}
        role={asSwitch ? "switch" : undefined}
        className="mt-1 size-4 accent-forest-700"
      />
      <span>
        <span className="font-semibold">{label}</span>
        {hint && (
          <span id={`${field.id}-hint`} className="block text-sm text-ink-muted">
            {hint}
          </span>
        )}
        {field.errors?.length ? (
          <span id={`${field.id}-error`} className="block text-sm font-medium text-red-800">
            {field.errors[0]}
          </span>
        ) : null}
      </span>
    </label>
  );
}
