import { createCookie, type Cookie } from "react-router";
import type { Toast } from "./toast";

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

export function toastHeader(toast: Toast, secret: string) {
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
