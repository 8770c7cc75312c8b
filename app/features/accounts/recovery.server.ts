import { eq } from "drizzle-orm";
import { users } from "~/platform/db/schema";
import { failedAs, succeeded, type RefusalStatus, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { clearRateLimit, hitRateLimit } from "~/platform/security/rate-limit.server";
import { recordAuditEvent } from "./audit.server";
import { authApiError, getAuth } from "./auth.server";
import { checkForm } from "./form-input";
import { limits, tooManyAttemptsMessage } from "./limits";
import { EXPIRED_LINK, INVALID_LINK, PASSWORD_RESET_FAILED_TITLE, TOO_MANY_REQUESTS_TITLE, VALIDATION_ERROR_TITLE } from "./messages";
import { weakPasswordReason } from "./password-strength.server";
import { ForgotPasswordSchema, looksLikeResetToken, resetIssueTitle, ResetPasswordSchema } from "./recovery.schema";
import type { RequestMeta } from "./request-meta";
import { isBackOfficeUser } from "./roles.server";

/**
 * The slowest honest path (an account exists: a token is made, the e-mail rendered and queued)
 * takes a little while; every answer takes at least this long, so the response time does not
 * tell whether an address has an account.
 */
const RECOVERY_RESPONSE_FLOOR_MS = 500;

/**
 * "Forgot password", from the form's fields: queues a reset link for the account with this
 * e-mail, if there is one, and answers with the address it was asked for. The answer is the same
 * whether or not there is one (no account discovery). Limited per client address (an error the
 * person sees) and per e-mail address (silently: the owner already has the links, and an
 * attacker learns nothing and cannot flood someone's inbox).
 */
export async function requestPasswordRecovery(platform: Platform, form: unknown, meta: RequestMeta): Promise<Result<{ email: string }>> {
  const started = Date.now();
  const checked = checkForm(ForgotPasswordSchema, form, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const input = checked.value;
  const { db, logger } = platform;
  const byAddress = await hitRateLimit(db, limits.recoveryByAddress, meta.clientAddress);
  if (!byAddress.allowed) return failedAs(TOO_MANY_REQUESTS_TITLE, 429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));

  const byAccount = await hitRateLimit(db, limits.recoveryByAccount, input.email);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  let outcome: "sent" | "no_account" | "throttled" | "failed" = user ? "sent" : "no_account";
  if (!byAccount.allowed) outcome = "throttled";
  else {
    try {
      // Unknown addresses are handled (and timed) by Better Auth itself; the link it sends is
      // APP_URL/reset-password?token=… (see sendResetPassword in auth-instance.server.ts).
      await (await getAuth(platform)).api.requestPasswordReset({ body: { email: input.email, redirectTo: "/reset-password" }, headers: meta.headers });
    } catch (err) {
      // Said to nobody but the log: a different answer here would reveal that the account exists.
      logger.error({ err }, "could not queue a password reset e-mail");
      outcome = "failed";
    }
  }
  await recordAuditEvent(db, { type: "password_reset_requested", userId: user?.id ?? null, details: { email: input.email, outcome } }, meta);
  await sleep(started + RECOVERY_RESPONSE_FLOOR_MS - Date.now());
  return succeeded({ email: input.email });
}

/** A reset token that is still usable, and the account it opens; null when it is not. */
export async function findResetToken(platform: Platform, token: string): Promise<{ userId: string; email: string } | null> {
  if (!looksLikeResetToken(token)) return null;
  const context = await (await getAuth(platform)).$context;
  // Better Auth hashes the identifier itself (verification.storeIdentifier: "hashed").
  const row = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  const [user] = await platform.db.select({ email: users.email }).from(users).where(eq(users.id, row.value));
  return user ? { userId: row.value, email: user.email } : null;
}

/**
 * Why a reset link cannot be used. 404: the link names nothing usable, and the page leaves for
 * the admin login with the reason as its toast.
 */
const LINK_INCOMPLETE = failedAs(INVALID_LINK.title, 404, INVALID_LINK.description);
const LINK_EXPIRED = failedAs(EXPIRED_LINK.title, 404, EXPIRED_LINK.description);

/** A reset link's token, checked before anyone types a new password: the account it opens, or why it cannot be used. */
export async function openResetLink(platform: Platform, token: string | null): Promise<Result<{ token: string; userId: string; email: string }>> {
  if (!looksLikeResetToken(token)) return LINK_INCOMPLETE;
  const found = await findResetToken(platform, token);
  return found ? succeeded({ token, ...found }) : LINK_EXPIRED;
}

/** Where each kind of account logs in: the admin door or the customer door. */
export type LoginPage = "/auth" | "/customer-auth";

/** A refusal of the new password, shown under its field. */
const passwordRefused = (status: RefusalStatus, message: string) => failedAs(PASSWORD_RESET_FAILED_TITLE, status, message, { password: [message] });

/**
 * Sets a new password from the reset form's fields, with a reset link's token. Better Auth
 * spends the token (single use) and ends every session of the account in the same transaction
 * as the password change. Common and guessable passwords are refused (zxcvbn, offline).
 * Following the link also proves the person owns the e-mail address, so the address counts as
 * verified from then on, and an account locked by someone else's guesses is unlocked. The
 * success names the login page of the account's kind.
 */
export async function resetPasswordWithToken(platform: Platform, token: string, form: unknown, meta: RequestMeta): Promise<Result<{ loginPage: LoginPage }>> {
  const checked = checkForm(ResetPasswordSchema, form, PASSWORD_RESET_FAILED_TITLE);
  // The spec names each problem of this form with a title of its own ("Password Too Short").
  if (!checked.ok) return { ...checked, title: resetIssueTitle(checked.message) };
  const input = checked.value;
  const { db, logger } = platform;
  const byAddress = await hitRateLimit(db, limits.resetByAddress, meta.clientAddress);
  if (!byAddress.allowed) return failedAs(PASSWORD_RESET_FAILED_TITLE, 429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));

  const link = await openResetLink(platform, token);
  if (!link.ok) return link;
  const user = { id: link.value.userId, email: link.value.email };

  const weak = await weakPasswordReason(input.password, [user.email]);
  if (weak) return passwordRefused(400, weak);

  try {
    await (await getAuth(platform)).api.resetPassword({ body: { token, newPassword: input.password }, headers: meta.headers });
  } catch (err) {
    const refusal = await authApiError(err);
    if (refusal) {
      const code = (refusal.body as { code?: string } | undefined)?.code;
      // Spent by another tab or request a moment ago.
      if (code === "INVALID_TOKEN") return LINK_EXPIRED;
      return passwordRefused(400, refusal.body?.message || "Failed to reset password");
    }
    logger.error({ err }, "password reset failed");
    return passwordRefused(500, "Password reset failed - please try again");
  }

  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  await clearRateLimit(db, limits.signInFailuresByAccount, user.email);
  await recordAuditEvent(db, { type: "password_reset", userId: user.id, details: { method: "email_link", sessionsRevoked: true } }, meta);
  return succeeded({ loginPage: (await isBackOfficeUser(db, user.id)) ? "/auth" : "/customer-auth" });
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
