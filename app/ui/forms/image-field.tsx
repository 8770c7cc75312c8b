import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { cn } from "../primitives/cn";
import { controlClasses, describedByOf, FieldFrame, type AnyField } from "./field-frame";

/** The kinds of image the server accepts (it checks the content itself; this only narrows the picker). */
const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/** A labelled file picker for images (one, or several with `multiple`), wired like TextField. */
export function ImageField({ field, label, hint, multiple, optional = true }: { field: AnyField; label: string; hint?: ReactNode; multiple?: boolean; optional?: boolean }) {
  return (
    <FieldFrame field={field} label={label} optional={optional} hint={hint}>
      <input
        {...getInputProps(field, { type: "file", ariaDescribedBy: describedByOf(field, hint) })}
        key={field.key}
        accept={IMAGE_TYPES}
        multiple={multiple}
        className={cn(controlClasses(Boolean(field.errors?.length)), "py-2 file:mr-3 file:rounded-lg file:border-0 file:bg-cream-dark file:px-3 file:py-1.5 file:font-semibold file:text-ink")}
      />
    </FieldFrame>
  );
}
