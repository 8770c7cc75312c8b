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

/** What the cookie holds: the toast and the page it is for (the address its redirect named). */
type Flash = Toast & { to: string };

function toastHeader(toast: Toast, to: string, secret: string) {
  return toastCookie(secret).serialize({ ...toast, id: toast.id ?? crypto.randomUUID(), to } satisfies Flash);
}

/**
 * The page a request asks for, as an address to compare: a document's own, or the page whose
 * data React Router asks for (`/x.data`, `/_root.data`, `/x/_.data`; its `_routes` is not part of
 * the page).
 */
function pageAddress(url: URL): string {
  const path = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname === "/_root.data"
      ? "/"
      : url.pathname.replace(/\.data$/, "");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Runs a request with the flash toast addressed to its page, if there is one, and says with the
 * answer what became of it. A toast is for the page its redirect named: only a GET of that page
 * (the document, or React Router's data for it) shows it and spends it. Another request meanwhile
 * (another tab of the same browser refreshing its data in the background as a live update comes
 * in, a form's post) neither sees it nor spends it, so it shows in the tab that acted. When that
 * page sends the visitor on (a redirect: sign in first, the back-office's first screen), the toast
 * goes with it to the next address. A cookie that cannot be read is cleared by the next page.
 */
export async function withFlashToast(request: Request, secret: string, run: (toast: Toast | null) => Promise<Response>): Promise<Response> {
  const header = request.headers.get("cookie");
  if (!header?.includes("apiary_toast=") || request.method !== "GET") return run(null);
  const cookie = toastCookie(secret);
  const parsed: unknown = await cookie.parse(header).catch(() => null);
  const flash = isFlash(parsed) ? parsed : null;
  const url = new URL(request.url);
  if (flash && pageAddress(new URL(flash.to, url)) !== pageAddress(url)) return run(null);

  const response = await run(flash && toastOf(flash));
  const location = response.status >= 300 && response.status < 400 ? response.headers.get("Location") : null;
  const setsItsOwn = response.headers.getSetCookie().some((line) => line.startsWith("apiary_toast="));
  if (setsItsOwn) return response;
  if (location && flash) response.headers.append("Set-Cookie", await toastHeader(toastOf(flash), location, secret));
  // Only a page (a document or React Router's data for one) shows the toast, so only it clears it.
  else if (response.headers.get("content-type")?.startsWith("text/html") || url.pathname.endsWith(".data")) {
    response.headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  }
  return response;
}

function toastOf({ to: _to, ...toast }: Flash): Toast {
  return toast;
}

function isFlash(value: unknown): value is Flash {
  return isToast(value) && typeof (value as Flash).to === "string";
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
  if (toast) all.append("Set-Cookie", await toastHeader(toast, to, secret));
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
