import type { Toast } from "./toast";

/**
 * The one result of every command in app/features: a success with its value (and, where the
 * command decides what to say, the toast), or a refusal with its HTTP status, the spec's message,
 * a toast title of its own where the spec gives one ("Dates Unavailable") and the fields it is
 * about. Expected failures (refused, invalid, not found, full, too many attempts) are refusals;
 * anything unexpected is thrown to the error boundary.
 *
 * A route turns a refusal into the form's reply and an error toast (`replyRefused`), a success
 * into a redirect with a flash toast (`redirectWithToast`): app/platform/toast.server.ts.
 */
export type Result<T = null> = Success<T> | Refusal;

export type Success<T> = { ok: true; value: T; toast?: Toast };

/** 410: a step that lapsed (a 2FA set-up left too long, an expired stay link); 422: a setting the command cannot use (a weak configured password); 503: a service the command needs is down (the outbox). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 500 | 503;

export type Refusal = {
  ok: false;
  status: RefusalStatus;
  /** The spec's words: the toast's description and the form's error. */
  message: string;
  /** The toast's title, when the refusal has one of its own rather than the screen's. */
  title?: string;
  /** The message (or messages) shown under the fields they are about. */
  fieldErrors?: Record<string, string[]>;
};

/** A success; with a title, it says so in a success toast. */
export function succeeded<T>(value: T, title?: string, description?: string): Success<T> {
  return title === undefined ? { ok: true, value } : { ok: true, value, toast: { title, description, variant: "success" } };
}

export const failed = (status: RefusalStatus, message: string, fieldErrors?: Record<string, string[]>): Refusal => ({
  ok: false,
  status,
  message,
  fieldErrors,
});

/** A refusal with a toast title of its own (the spec's "Booking Conflict"), instead of the screen's. */
export const failedAs = (title: string, status: RefusalStatus, message: string, fieldErrors?: Record<string, string[]>): Refusal => ({
  ok: false,
  status,
  message,
  fieldErrors,
  title,
});

/** A schema's issues as a form's field errors, and the first one as the message (under `title` when given). */
export function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[], title?: string): Refusal {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  const message = issues[0]?.message ?? "Please check the form.";
  return title ? failedAs(title, 400, message, fieldErrors) : failed(400, message, fieldErrors);
}

/** A step that either found what it looked up or already failed (`lockTarget`, `lockTier`…): which one it is. */
export const isFailure = <T extends object>(value: T | Refusal): value is Refusal => "ok" in value && value.ok === false;
