import { eq } from "drizzle-orm";
import { profiles, sessions } from "~/platform/db/schema";
import { failedAs, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "~/platform/security/rate-limit.server";
import { recordAuditEvent } from "./audit.server";
import { AdminLoginSchema, CustomerLoginSchema } from "./auth.schema";
import { ACCOUNT_DISABLED_CODE } from "./account-disabled";
import { refusedAsDisabled } from "./account-disabled.server";
import { authApiError, getAuth } from "./auth.server";
import { checkForm } from "./form-input";
import { limits, tooManyAttemptsMessage } from "./limits";
import {
  ACCESS_DENIED_TITLE,
  ADMIN_REFUSED_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  LOGIN_FAILED_TITLE,
  NOT_ADMIN_MESSAGE,
  VALIDATION_ERROR_TITLE,
} from "./messages";
import type { RequestMeta } from "./request-meta";
import { isBackOfficeUser } from "./roles.server";

export type Portal = "customer" | "admin";

/** A sign-in's session: the cookie to send, and whether the code step comes first. */
export type SignedIn = { headers: Headers; userId: string; secondFactorRequired: boolean };

/**
 * Password sign-in for either door, from the login form's fields. The customer door refuses
 * administrators; the admin door refuses everyone else (Access Denied) and leaves a 2FA
 * administrator's session pending until the code is given. Attempts are limited per address and
 * failures per account.
 */
export async function signInWithPassword(platform: Platform, portal: Portal, form: unknown, meta: RequestMeta): Promise<Result<SignedIn>> {
  const checked = checkForm(portal === "admin" ? AdminLoginSchema : CustomerLoginSchema, form, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const input = checked.value;
  const { db } = platform;
  const byAddress = await hitRateLimit(db, limits.signInByAddress, meta.clientAddress);
  if (!byAddress.allowed) return failedAs(LOGIN_FAILED_TITLE, 429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));
  const byAccount = await peekRateLimit(db, limits.signInFailuresByAccount, input.email);
  if (!byAccount.allowed) return failedAs(LOGIN_FAILED_TITLE, 429, tooManyAttemptsMessage(byAccount.retryAfterSeconds));

  let signedIn: { headers: Headers; token: string; userId: string };
  try {
    const { headers, response } = await (await getAuth(platform)).api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: meta.headers,
      returnHeaders: true,
    });
    signedIn = { headers, token: response.token, userId: response.user.id };
  } catch (error) {
    const refusal = await authApiError(error);
    if (!refusal) throw error;
    // The right password for an account an administrator disabled: said as it is, not counted as a guess.
    if (refusal.body?.code === ACCOUNT_DISABLED_CODE) return refusedAsDisabled(platform, input.email, { method: "password", portal }, meta);
    await hitRateLimit(db, limits.signInFailuresByAccount, input.email);
    await recordAuditEvent(db, { type: "login_failed", details: { email: input.email, portal } }, meta);
    return failedAs(LOGIN_FAILED_TITLE, 401, INVALID_CREDENTIALS_MESSAGE);
  }

  const admin = await isBackOfficeUser(db, signedIn.userId);
  if (admin !== (portal === "admin")) {
    // The wrong door: the session just made must not survive, and no cookie leaves.
    await db.delete(sessions).where(eq(sessions.token, signedIn.token));
    await recordAuditEvent(db, { type: "login_refused", userId: signedIn.userId, details: { portal } }, meta);
    return portal === "customer" ? failedAs(LOGIN_FAILED_TITLE, 403, ADMIN_REFUSED_MESSAGE) : failedAs(ACCESS_DENIED_TITLE, 403, NOT_ADMIN_MESSAGE);
  }
  await clearRateLimit(db, limits.signInFailuresByAccount, input.email);

  const [profile] = await db.select({ is2faEnabled: profiles.is2faEnabled }).from(profiles).where(eq(profiles.id, signedIn.userId));
  const secondFactorRequired = Boolean(profile?.is2faEnabled);
  if (!secondFactorRequired) {
    await recordAuditEvent(db, { type: "login_success", userId: signedIn.userId, details: { method: "password", portal } }, meta);
  }
  return succeeded({ headers: signedIn.headers, userId: signedIn.userId, secondFactorRequired });
}
