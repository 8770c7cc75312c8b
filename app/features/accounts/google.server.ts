import { createCookie, redirect, type Cookie } from "react-router";
import type { Platform } from "~/platform/runtime.server";
import { getAuth } from "./auth.server";
import type { RequestMeta } from "./request-meta";

/** Which door a Google sign-in was started from: the customer page or the admin login. */
export type GoogleDoor = "customer" | "admin";

const startedCookies = new Map<string, Cookie>();
function startedCookie(secret: string) {
  let cookie = startedCookies.get(secret);
  if (!cookie) {
    // Lax: the browser sends it on the top-level GET that Google redirects back with.
    cookie = createCookie("apiary_google_started", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 15 * 60, secrets: [secret] });
    startedCookies.set(secret, cookie);
  }
  return cookie;
}

/** Starts Google sign-in: a redirect to Google carrying Better Auth's signed state cookie and the door it left from. */
export async function startGoogleSignIn(
  platform: Platform,
  meta: RequestMeta,
  door: GoogleDoor,
  targets: { callbackURL: string; errorCallbackURL: string },
) {
  const { headers, response } = await (await getAuth(platform)).api.signInSocial({
    body: { provider: "google", callbackURL: targets.callbackURL, errorCallbackURL: targets.errorCallbackURL, disableRedirect: true },
    headers: meta.headers,
    returnHeaders: true,
  });
  if (!response.url) throw new Error("Google sign-in did not return an authorization URL");
  headers.append("Set-Cookie", await startedCookie(platform.authSecret).serialize(door));
  return redirect(response.url, { headers });
}

/**
 * Whether this request is the return from a Google sign-in this browser started at `door`:
 * `?google=done` alone is a plain link anyone can send, and what the doors do on the return
 * (end a session of the wrong kind, record a login) must not follow from a link. `clear` is
 * the header that forgets the start once it has been used.
 */
export async function returnFromGoogle(request: Request, door: GoogleDoor, secret: string): Promise<{ returned: boolean; clear: string }> {
  const cookie = startedCookie(secret);
  const clear = await cookie.serialize("", { maxAge: 0 });
  if (new URL(request.url).searchParams.get("google") !== "done") return { returned: false, clear };
  const started: unknown = await cookie.parse(request.headers.get("cookie")).catch(() => null);
  return { returned: started === door, clear };
}
