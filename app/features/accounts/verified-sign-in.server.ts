import { eq } from "drizzle-orm";
import { profiles, sessions } from "~/platform/db/schema";
import { failedAs, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { recordAuditEvent } from "./audit.server";
import { ACCOUNT_DISABLED_CODE } from "./account-disabled";
import { refusedAsDisabled } from "./account-disabled.server";
import { authApiError, getAuth } from "./auth.server";
import { ACCESS_DENIED_TITLE, ADMIN_REFUSED_MESSAGE, LOGIN_FAILED_TITLE, NOT_ADMIN_MESSAGE, SIGN_IN_WAYS } from "./messages";
import type { RequestMeta } from "./request-meta";
import { isBackOfficeUser } from "./roles.server";
import type { Portal, SignedIn } from "./sign-in.server";
import type { VerifiedIdentity } from "./verified-identity.server";

export type SignedInBy = SignedIn & { isRegister: boolean };

/**
 * The door rules for an identity a command has proven (a wallet, a Google ID token), as for a
 * password: a fresh session; the wrong door (staff at the customer door, anyone else at the
 * admin door) ends that session at once and says so in the spec's words; an account with 2FA
 * on gets a session that waits for its code; `login_success` names the method.
 */
export async function signInVerified(platform: Platform, identity: VerifiedIdentity, portal: Portal, meta: RequestMeta): Promise<Result<SignedInBy>> {
  const { db } = platform;
  const method = identity.providerId === "google" ? "google_id_token" : identity.providerId;
  let signedIn: { headers: Headers; userId: string; token: string; isRegister: boolean };
  try {
    const { headers, response } = await (await getAuth(platform)).api.signInVerifiedIdentity({ body: identity, headers: meta.headers, returnHeaders: true });
    signedIn = { headers, ...response };
  } catch (error) {
    const refusal = await authApiError(error);
    if (!refusal) throw error;
    if (refusal.body?.code === ACCOUNT_DISABLED_CODE) return refusedAsDisabled(platform, identity.email, { method, portal }, meta);
    await recordAuditEvent(db, { type: "login_failed", details: { method, portal, reason: refusal.body?.code ?? refusal.message } }, meta);
    const notLinked = refusal.body?.code === "account_not_linked";
    return failedAs(LOGIN_FAILED_TITLE, notLinked ? 409 : 401, notLinked ? SIGN_IN_WAYS.notLinked : SIGN_IN_WAYS.badToken);
  }

  const staff = await isBackOfficeUser(db, signedIn.userId);
  if (staff !== (portal === "admin")) {
    await db.delete(sessions).where(eq(sessions.token, signedIn.token));
    await recordAuditEvent(db, { type: "login_refused", userId: signedIn.userId, details: { method, portal } }, meta);
    return portal === "customer" ? failedAs(LOGIN_FAILED_TITLE, 403, ADMIN_REFUSED_MESSAGE) : failedAs(ACCESS_DENIED_TITLE, 403, NOT_ADMIN_MESSAGE);
  }
  const [profile] = await db.select({ is2faEnabled: profiles.is2faEnabled }).from(profiles).where(eq(profiles.id, signedIn.userId));
  const secondFactorRequired = Boolean(profile?.is2faEnabled);
  if (!secondFactorRequired) {
    await recordAuditEvent(db, { type: "login_success", userId: signedIn.userId, details: { method, portal, newAccount: signedIn.isRegister } }, meta);
  }
  return succeeded({ headers: signedIn.headers, userId: signedIn.userId, secondFactorRequired, isRegister: signedIn.isRegister });
}
