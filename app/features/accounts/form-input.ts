import { invalid, succeeded, type Result } from "~/platform/result";
import type { z } from "~/platform/zod";

/**
 * A form's fields by the form's own schema, or the refusal naming each field's problem (the first
 * one as the message) under the toast title `title`. A blank field counts as not sent, as in the
 * browser's check (Conform leaves it out), so a post without JavaScript gets the answers the
 * browser would have given.
 */
export function checkForm<S extends z.ZodType>(schema: S, input: unknown, title: string): Result<z.output<S>> {
  const sent = input && typeof input === "object" ? Object.fromEntries(Object.entries(input).filter(([, value]) => value !== "")) : input;
  const parsed = schema.safeParse(sent);
  return parsed.success ? succeeded(parsed.data) : invalid(parsed.error.issues, title);
}
