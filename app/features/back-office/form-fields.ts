import { z } from "~/platform/zod";

/** A checkbox as a form posts it: "on" when ticked, nothing at all when not. */
export const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** The id of the record a dialog edits. */
export const recordId = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(100);

/** Optional text: trimmed, at most `max` characters, empty stored as null. */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);

const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** A file field as a form posts it: nothing chosen is an empty, nameless file. */
const chosen = (value: unknown) => (value instanceof File && value.size === 0 && !value.name ? undefined : value);
/** An image file sent with a form (checked by its content on the server): optional, at most 10 MB. */
export const imageFile = (tooLarge: string) => z.preprocess(chosen, z.file().max(IMAGE_MAX_BYTES, tooLarge).optional());
/** Up to `most` image files under one name (a hive update's photos). */
export const imageFiles = (most: number, messages: { tooLarge: string; tooMany: string }) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).map(chosen).filter(Boolean), z.array(z.file().max(IMAGE_MAX_BYTES, messages.tooLarge)).max(most, messages.tooMany));
