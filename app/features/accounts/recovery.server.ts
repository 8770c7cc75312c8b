import { eq } from "drizzle-orm";
import { users } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { clearRateLimit, hitRateLimit } from "~/platform/security/rate-limit.server";
import type { Toast } from "~/platform/toast";
import { recordAuditEvent } from "./audit.server";
import { authApiError, getAuth } from "./auth.server";
import { limits, tooManyAttemptsMessage } from "./limits";
import { weakPasswordReason } from "./password-strength.server";
import { looksLikeResetToken, type ForgotPasswordInput, type ResetPasswordInput } from "./recovery.schema";
import type { RequestMeta } from "./request-meta";
import { isBackOfficeUser } from "./roles.server";

/**
 * The slowest honest path (an account exists: a token is made, the e-mail rendered and queued)
 * takes a little while; every answer takes at least this long, so the response time does not
 * tell whether an address has an account.
 */
const RECOVERY_RESPONSE_FLOOR_MS = 500;

const error = (title: string, description: string): Toast => ({ id: crypto.randomUUID(), title, description, variant: "error" });

export type RecoveryRequestResult = { ok: true } | { ok: false; toast: Toast; status: number };

/**
 * "Forgot password": queues a reset link for the account with this e-mail, if there is one.
 * The answer is the same whether or not there is (no account discovery). Limited per client
 * address (an error the person sees) and per e-mail address (silently: the owner already has
 * the links, and an attacker learns nothing and cannot flood someone's inbox).
 */
export async function requestPasswordRecovery(platform: Platform, input: ForgotPasswordInput, meta: RequestMeta): Promise<RecoveryRequestResult> {
  const started = Date.now();
  const { db, logger } = platform;
  const byAddress = await hitRateLimit(db, limits.recoveryByAddress, meta.clientAddress);
  if (!byAddress.allowed) return { ok: false, status: 429, toast: error("Too Many Requests", tooManyAttemptsMessage(byAddress.retryAfterSeconds)) };

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
  return { ok: true };
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

export const INVALID_LINK_TOAST: Toast = {
  title: "Invalid Link",
  description: "This password reset link is incomplete. Please open the link from the e-mail again, or request a new one.",
  variant: "error",
};

export const EXPIRED_LINK_TOAST: Toast = {
  title: "Invalid or Expired Link",
  description: "This password reset link has expired or has already been used. Please request a new one.",
  variant: "error",
};

/** Where each kind of account logs in: the admin door or the customer door. */
export type LoginPage = "/auth" | "/customer-auth";

export type ResetResult =
  | { ok: true; loginPage: LoginPage }
  | { ok: false; reason: "invalid-link" | "expired-link"; toast: Toast }
  | { ok: false; reason: "refused"; toast: Toast; status: number };

const refused = (description: string, status = 400): ResetResult => ({
  ok: false,
  reason: "refused",
  status,
  toast: error("Password Reset Failed", description),
});

/**
 * Sets a new password with a reset link's token. Better Auth spends the token (single use) and
 * ends every session of the account in the same transaction as the password change. Common and
 * guessable passwords are refused (zxcvbn, offline). Following the link also proves the person
 * owns the e-mail address, so the address counts as verified from then on, and an account
 * locked by someone else's guesses is unlocked.
 */
export async function resetPasswordWithToken(
  platform: Platform,
  token: string,
  input: ResetPasswordInput,
  meta: RequestMeta,
): Promise<ResetResult> {
  const { db, logger } = platform;
  const byAddress = await hitRateLimit(db, limits.resetByAddress, meta.clientAddress);
  if (!byAddress.allowed) return refused(tooManyAttemptsMessage(byAddress.retryAfterSeconds), 429);
  if (!looksLikeResetToken(token)) return { ok: false, reason: "invalid-link", toast: INVALID_LINK_TOAST };

  const found = await findResetToken(platform, token);
  if (!found) return { ok: false, reason: "expired-link", toast: EXPIRED_LINK_TOAST };
  const user = { id: found.userId, email: found.email };

  const weak = await weakPasswordReason(input.password, [user.email]);
  if (weak) return refused(weak);

  try {
    await (await getAuth(platform)).api.resetPassword({ body: { token, newPassword: input.password }, headers: meta.headers });
  } catch (err) {
    const refusal = await authApiError(err);
    if (refusal) {
      const code = (refusal.body as { code?: string } | undefined)?.code;
      // Spent by another tab or request a moment ago.
      if (code === "INVALID_TOKEN") return { ok: false, reason: "expired-link", toast: EXPIRED_LINK_TOAST };
      return refused(refusal.body?.message || "Failed to reset password");
    }
    logger.error({ err }, "password reset failed");
    return refused("Password reset failed - please try again", 500);
  }

  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  await clearRateLimit(db, limits.signInFailuresByAccount, user.email);
  await recordAuditEvent(db, { type: "password_reset", userId: user.id, details: { method: "email_link", sessionsRevoked: true } }, meta);
  return { ok: true, loginPage: (await isBackOfficeUser(db, user.id)) ? "/auth" : "/customer-auth" };
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
