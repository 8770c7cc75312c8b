import type { Toast } from "~/platform/toast";

/**
 * The one result shape of every back-office command. Expected failures (refused, invalid, not
 * found, a rule such as "the last administrator") come back with the message to show; anything
 * unexpected is thrown to the error boundary.
 */
export type CommandResult<T = null> =
  | { ok: true; value: T; toast: Toast }
  | { ok: false; status: 400 | 403 | 404 | 409 | 429; message: string; fieldErrors?: Record<string, string[]>; title?: string };

export const succeeded = <T,>(value: T, title: string, description?: string): CommandResult<T> => ({
  ok: true,
  value,
  toast: { title, description, variant: "success" },
});

export const failed = (status: 400 | 403 | 404 | 409 | 429, message: string, fieldErrors?: Record<string, string[]>): CommandResult<never> => ({
  ok: false,
  status,
  message,
  fieldErrors,
});

/** A failure with a toast title of its own (the spec's "Booking Conflict"), instead of the screen's. */
export const failedAs = (title: string, status: 400 | 404 | 409, message: string, fieldErrors?: Record<string, string[]>): CommandResult<never> => ({ ok: false, status, message, fieldErrors, title });

/** A schema's issues as a form's field errors, and the first one as the message. */
export function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[]): CommandResult<never> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return failed(400, issues[0]?.message ?? "Please check the form.", fieldErrors);
}

/** A step that either found what it looked up or already failed (`lockTarget`, `lockTier`…): which one it is. */
export const isFailure = <T extends object>(value: T | CommandResult<never>): value is CommandResult<never> => "ok" in value;
