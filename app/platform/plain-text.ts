import { controlCharacterMessage, PLAIN_TEXT } from "./plain-text-pattern";
import { z } from "./zod";

// The pattern and its message without zod, for a page's own code: plain-text-pattern.ts.
export { controlCharacterMessage, PLAIN_TEXT } from "./plain-text-pattern";

/** An optional text field: trimmed, at most `max` characters, plain text; empty means not given (undefined). */
export const optionalPlainText = (field: string, max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .regex(PLAIN_TEXT, controlCharacterMessage(field))
    .optional()
    .transform((value) => (value ? value : undefined));
