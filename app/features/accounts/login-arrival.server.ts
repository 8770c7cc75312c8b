import type { Platform } from "~/platform/runtime.server";
import { errorToast, type Toast } from "~/platform/toast";
import type { AuthState } from "./actor";
import { signOutNonAdmin } from "./admin-guard.server";
import { recordAuditEvent } from "./audit.server";
import { returnFromGoogle } from "./google.server";
import {
  ACCESS_DENIED_TITLE,
  ADMIN_REFUSED_MESSAGE,
  GOOGLE_SIGN_IN_FAILED_TITLE,
  NOT_ADMIN_MESSAGE,
  SECOND_FACTOR_EXPIRED_MESSAGE,
  VERIFICATION_FAILED_TITLE,
} from "./messages";
import type { RequestMeta } from "./request-meta";
import { isBackOfficeUser } from "./roles.server";
import { isSecondFactorExpired } from "./second-factor.server";
import { deleteSession } from "./session.server";
import { signInPurpose } from "./sign-in-reason.server";

/**
 * What a login page shows the person who opens it, and what their arrival changes first: a
 * return from Google is finished here (a session of the wrong kind ends), and someone already
 * signed in at the right door goes straight on. `headers` go with the answer (the cookie that
 * forgets the Google start).
 */

export type CustomerLoginArrival =
  | { step: "in"; headers?: HeadersInit }
  | { step: "form"; toast: Toast | null; purpose: string | null; signedInAs: string | null; headers?: HeadersInit };

/**
 * The customer door. An administrator back from Google is refused (that session ends); a signed-in
 * customer goes on to `redirectTo`. Anyone else gets the form, told what they sign in for when
 * they were sent here on the way to something (`sentOn`).
 */
export async function arriveAtCustomerLogin(
  platform: Platform,
  state: AuthState,
  request: Request,
  destination: { redirectTo: string; sentOn: boolean },
): Promise<CustomerLoginArrival> {
  const google = await returnFromGoogle(request, "customer", platform.authSecret);
  const forgetStart = { "Set-Cookie": google.clear };
  if (google.returned && state.actor.kind === "staff" && state.session) {
    await deleteSession(platform.db, state.session.id);
    return { step: "form", toast: errorToast(GOOGLE_SIGN_IN_FAILED_TITLE, ADMIN_REFUSED_MESSAGE), purpose: null, signedInAs: null, headers: forgetStart };
  }
  if (state.actor.kind === "customer") return { step: "in", headers: google.returned ? forgetStart : undefined };
  const purpose = destination.sentOn ? await signInPurpose(platform.db, destination.redirectTo) : null;
  return { step: "form", toast: null, purpose, signedInAs: state.actor.kind === "staff" ? state.actor.email : null };
}

export type AdminLoginArrival =
  | { step: "in"; headers?: HeadersInit }
  | { step: "password"; toast: Toast | null; signedInAsCustomer: string | null; headers?: HeadersInit }
  | { step: "code"; email: string };

/**
 * The admin door. An administrator goes straight in (back from Google, that is their login, and
 * the audit log says so); anyone else back from Google is signed out (Access Denied). A session
 * waiting for its code gets the code step, or the password form again once its window has passed.
 */
export async function arriveAtAdminLogin(platform: Platform, state: AuthState, request: Request, meta: RequestMeta): Promise<AdminLoginArrival> {
  const { db } = platform;
  const google = await returnFromGoogle(request, "admin", platform.authSecret);
  if (state.actor.kind === "staff") {
    if (!google.returned) return { step: "in" };
    await recordAuditEvent(db, { type: "login_success", userId: state.actor.userId, details: { method: "google", portal: "admin" } }, meta);
    return { step: "in", headers: { "Set-Cookie": google.clear } };
  }

  const pending = state.pendingSecondFactor;
  const waitingAdmin = pending && (await isBackOfficeUser(db, pending.userId)) ? pending : null;
  const signedInAsCustomer = state.actor.kind === "customer" ? state.actor.email : null;
  if (google.returned && state.session && !waitingAdmin) {
    const headers = await signOutNonAdmin(platform, state, meta, "/auth");
    headers.append("Set-Cookie", google.clear);
    return { step: "password", toast: errorToast(ACCESS_DENIED_TITLE, NOT_ADMIN_MESSAGE), signedInAsCustomer: null, headers };
  }
  if (!waitingAdmin) return { step: "password", toast: null, signedInAsCustomer };
  if (isSecondFactorExpired(waitingAdmin, platform.clock.now())) {
    await deleteSession(db, waitingAdmin.sessionId);
    return { step: "password", toast: errorToast(VERIFICATION_FAILED_TITLE, SECOND_FACTOR_EXPIRED_MESSAGE), signedInAsCustomer };
  }
  return { step: "code", email: waitingAdmin.email };
}
