import type { SubmissionResult } from "@conform-to/react";
import { createCookie, data, redirect, type Cookie } from "react-router";
import type { Refusal } from "./result";
import { errorToast, type Toast } from "./toast";

/**
 * One-shot toasts that survive a redirect ("flash"): set by an action, shown once by the
 * next page, then cleared. Signed, HTTP-only, short-lived.
 */
const cookies = new Map<string, Cookie>();
function toastCookie(secret: string) {
  let cookie = cookies.get(secret);
  if (!cookie) {
    cookie = createCookie("apiary_toast", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60, secrets: [secret] });
    cookies.set(secret, cookie);
  }
  return cookie;
}

function toastHeader(toast: Toast, secret: string) {
  return toastCookie(secret).serialize({ ...toast, id: crypto.randomUUID() });
}

export async function readToast(request: Request, secret: string): Promise<{ toast: Toast | null; clear: string | null }> {
  const header = request.headers.get("cookie");
  if (!header?.includes("apiary_toast=")) return { toast: null, clear: null };
  const cookie = toastCookie(secret);
  const parsed: unknown = await cookie.parse(header).catch(() => null);
  return { toast: isToast(parsed) ? parsed : null, clear: await cookie.serialize("", { maxAge: 0 }) };
}

function isToast(value: unknown): value is Toast {
  return !!value && typeof value === "object" && typeof (value as Toast).title === "string";
}

/**
 * The one way a route answers with a toast: a redirect that carries it to the next page (a flash
 * cookie), or the form's own reply. Routes hold no toast literals: the words come from a
 * feature's messages.ts, or from the command's result.
 */

/** Redirects to `to`; the next page shows `toast` once (none when null). Extra `headers` (a session cookie) go along. */
export async function redirectWithToast(to: string, toast: Toast | null, secret: string, headers?: HeadersInit): Promise<Response> {
  const all = new Headers(headers);
  if (toast) all.append("Set-Cookie", await toastHeader(toast, secret));
  return redirect(to, { headers: all });
}

/**
 * An answer that stays on the page (an action's data) with a toast, under `status`. The toast gets
 * an id of its own, so the same words answered twice (new backup codes, twice) show twice.
 */
export function replyWithToast<Body extends object>(body: Body, toast: Toast | null, status = 200, headers?: HeadersInit) {
  return data({ ...body, toast: toast && { ...toast, id: toast.id ?? crypto.randomUUID() } }, { status, headers });
}

/** Fields never sent back to a form: what was typed there is not kept. */
const SECRET_FIELD = /password/i;

export type RefusedReplyOptions = {
  /** The toast's title when the refusal has none of its own (the screen's "Login Failed"). */
  title: string;
  /** What was sent, kept in the form for the next try (never a password or a field in `hideFields`). */
  values?: Record<string, unknown>;
  /** More fields not to send back (a one-time code). */
  hideFields?: readonly string[];
  /**
   * The error at the top of the form (what browsers without JavaScript see, no toast there):
   * the message (default), "Title: message", none when the fields carry it, or "Title: message"
   * only for a refusal that names no field (a form whose field problems show under the fields).
   */
  formError?: "message" | "titled" | "none" | "titledWithoutFields";
};

/**
 * A command's refusal as the form's reply: Conform's shape (the errors under their fields, what
 * was typed kept), an error toast with the refusal's message, and the refusal's status.
 */
export function replyRefused<Body extends object>(refusal: Refusal, options: RefusedReplyOptions, body = {} as Body) {
  const title = refusal.title ?? options.title;
  const hidden = new Set(options.hideFields);
  const initialValue = Object.fromEntries(Object.entries(options.values ?? {}).filter(([key]) => !SECRET_FIELD.test(key) && !hidden.has(key)));
  const asked = options.formError ?? "message";
  const formError = asked === "titledWithoutFields" ? (refusal.fieldErrors ? "none" : "titled") : asked;
  const result: SubmissionResult<string[]> = {
    status: "error",
    initialValue: initialValue as SubmissionResult["initialValue"],
    error: {
      ...(formError === "none" ? {} : { "": [formError === "titled" ? `${title}: ${refusal.message}` : refusal.message] }),
      ...refusal.fieldErrors,
    },
  };
  return data({ ...body, result, toast: errorToast(title, refusal.message) }, { status: refusal.status });
}
