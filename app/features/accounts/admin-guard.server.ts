import { data } from "react-router";
import type { Platform } from "~/platform/runtime.server";
import type { AuthState, StaffActor } from "./actor";
import { recordAuditEvent } from "./audit.server";
import { getAuth } from "./auth.server";
import { NOT_ADMIN_MESSAGE } from "./messages";
import type { RequestMeta } from "./request-meta";
import { deleteSession } from "./session.server";

export type { StaffActor };

export const ADMIN_HOME = "/admin";
export const ADMIN_SECURITY = "/admin/security";
export const ADMIN_SIGN_IN = "/auth";

/**
 * For loaders and actions under /admin: the staff member, or a 403 for the admin error
 * boundary. The coarse check only: each command checks its own permission (assertCan).
 */
export function requireStaff(state: AuthState): StaffActor {
  const { actor } = state;
  if (actor.kind !== "staff") throw data({ message: NOT_ADMIN_MESSAGE }, { status: 403 });
  return actor;
}

export type AdminGate =
  | { kind: "allow"; staff: StaffActor }
  | { kind: "redirect"; to: string }
  /** Signed in, but not as an administrator: sign out, then Access Denied. */
  | { kind: "deny" };

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/**
 * What the back-office does with a request for `path`, in this order:
 * 1. a session still waiting for its second factor goes back to the code step (/auth);
 * 2. no session goes to /auth, remembering where it was going;
 * 3. a signed-in non-administrator is denied;
 * 4. an administrator with the initial password changes it first (the dialog on /admin);
 * 5. when the site requires 2FA of its staff, or an administrator required it of this person,
 *    one without it sets it up first, unless this session began with a passkey (both factors).
 */
export function decideAdminGate(state: AuthState, path: string, options: { requireTwoFactor: boolean }): AdminGate {
  const here = trimSlash(path);
  const { actor } = state;
  if (state.pendingSecondFactor) return { kind: "redirect", to: ADMIN_SIGN_IN };
  if (actor.kind === "anonymous") {
    return { kind: "redirect", to: here === ADMIN_HOME ? ADMIN_SIGN_IN : `${ADMIN_SIGN_IN}?redirectTo=${encodeURIComponent(here)}` };
  }
  if (actor.kind !== "staff") return { kind: "deny" };
  if (actor.firstLogin) {
    return here === ADMIN_HOME ? { kind: "allow", staff: actor } : { kind: "redirect", to: `${ADMIN_HOME}?redirectTo=${encodeURIComponent(here)}` };
  }
  if ((options.requireTwoFactor || actor.twoFactorRequired) && !actor.twoFactorEnabled && !actor.signedInWithPasskey && here !== ADMIN_SECURITY) {
    return { kind: "redirect", to: ADMIN_SECURITY };
  }
  return { kind: "allow", staff: actor };
}

/** Where an administrator goes after signing in or after a gate: only back-office paths. */
export function adminDestination(value: unknown): string {
  if (typeof value !== "string" || !/^\/admin(\/[A-Za-z0-9/_-]*)?$/.test(value)) return ADMIN_HOME;
  return trimSlash(value);
}

/** A back-office address with its query (a list's filters) kept, or the back-office's home: a form's way back, never another site. */
export function backOfficeAddress(value: string): string {
  const url = value.startsWith("/") ? URL.parse(value, "http://apiary.invalid") : null;
  if (url?.origin !== "http://apiary.invalid" || adminDestination(url.pathname) !== trimSlash(url.pathname)) return ADMIN_HOME;
  return `${trimSlash(url.pathname)}${url.search}`;
}

/**
 * Ends a non-administrator's session (the admin area is not for them) and says so in the
 * audit log. Returns the Set-Cookie headers that clear the session cookie in the browser.
 */
export async function signOutNonAdmin(platform: Platform, state: AuthState, meta: RequestMeta, path: string): Promise<Headers> {
  const session = state.session;
  if (!session) return new Headers();
  const { headers } = await (await getAuth(platform)).api.signOut({ headers: meta.headers, returnHeaders: true });
  // Better Auth ends the session named by the cookie; make sure this one is gone whatever it found.
  await deleteSession(platform.db, session.id);
  await recordAuditEvent(platform.db, { type: "login_refused", userId: session.userId, details: { portal: "admin", path } }, meta);
  return headers;
}
