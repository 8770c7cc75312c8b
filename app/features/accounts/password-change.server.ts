import { and, eq } from "drizzle-orm";
import { accounts, profiles } from "~/platform/db/schema";
import { failedAs, succeeded, type RefusalStatus, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { hashPassword, verifyPassword } from "~/platform/security/password-hash.server";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "~/platform/security/rate-limit.server";
import { redirectWithToast, replyRefused } from "~/platform/toast.server";
import { adminDestination, type StaffActor } from "./admin-guard.server";
import { ChangePasswordSchema, FirstLoginPasswordSchema } from "./admin.schema";
import { recordAuditEvent, type AuditContext } from "./audit.server";
import { checkForm } from "./form-input";
import { limits, tooManyAttemptsMessage } from "./limits";
import { PASSWORD_CHANGE_FAILED_TITLE, PASSWORD_CHANGED, VALIDATION_ERROR_TITLE } from "./messages";
import { weakPasswordReason } from "./password-strength.server";
import { markProven, requireFreshProof } from "./fresh-proof.server";
import type { AuthState } from "./actor";
import { deleteOtherSessions } from "./session.server";

type SessionRef = NonNullable<AuthState["session"]>;

/** A refusal shown under the field it is about, or atop the form when it is about none. */
const refused = (message: string, field?: "currentPassword" | "newPassword", status: RefusalStatus = 400) =>
  failedAs(PASSWORD_CHANGE_FAILED_TITLE, status, message, field && { [field]: [message] });

/** One change of one's own password: who, from which session, and the change form's fields. */
export type OwnPasswordChange = {
  platform: Platform;
  admin: Pick<StaffActor, "userId" | "email" | "firstLogin">;
  sessionId: string;
  /** The session, for the fresh proof asked of someone setting a first password (they have no current one to give). */
  session?: SessionRef;
  values: Record<string, unknown>;
  meta: AuditContext;
};

/**
 * An administrator replaces their own password, from the change form's fields: the forced change
 * at first login, or any time from the back-office; a sponsor from their Sign-in & security tab
 * (the same command: one way to change a password). Beyond the spec's 6 characters the new
 * password must not be common or guessable (zxcvbn), nor the current one again. On success the
 * first-login flag is cleared and every other session of the account ends; this one stays signed
 * in, and goes on to the form's `redirectTo` when that is a back-office page.
 */
export async function changeOwnPassword({ platform, admin, sessionId, session, values: form, meta }: OwnPasswordChange): Promise<Result<{ redirectTo: string }>> {
  const { db } = platform;
  const [credential] = await db
    .select({ id: accounts.id, password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, admin.userId), eq(accounts.providerId, "credential")));
  // The first-login change comes straight after a sign-in with that very password. Someone who
  // never had one (Google, a passkey, a code, a wallet) sets one after a fresh proof instead.
  const settingFirst = !admin.firstLogin && !credential?.password;
  if (settingFirst) {
    const unproven = await requireFreshProof(platform, session);
    if (unproven) return { ...unproven, title: PASSWORD_CHANGE_FAILED_TITLE };
  }
  const requireCurrent = !admin.firstLogin && !settingFirst;
  const checked = checkForm(requireCurrent ? ChangePasswordSchema : FirstLoginPasswordSchema, form, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const input = checked.value;
  const locked = await peekRateLimit(db, limits.signInFailuresByAccount, admin.email);
  if (!locked.allowed) return refused(tooManyAttemptsMessage(locked.retryAfterSeconds), undefined, 429);

  if (requireCurrent && credential?.password) {
    const matches = await verifyPassword({ hash: credential.password, password: input.currentPassword ?? "" });
    if (!matches) {
      await hitRateLimit(db, limits.signInFailuresByAccount, admin.email);
      await recordAuditEvent(db, { type: "password_change_failed", userId: admin.userId, details: { reason: "current_password" } }, meta);
      return refused("Current password is incorrect", "currentPassword");
    }
    await clearRateLimit(db, limits.signInFailuresByAccount, admin.email);
    // The current password is itself a fresh proof (fresh-proof.server.ts): it starts a new five minutes.
    await markProven(platform, sessionId);
  }

  const weak = await weakPasswordReason(input.newPassword, [admin.email]);
  if (weak) return refused(weak, "newPassword");
  if (credential?.password && (await verifyPassword({ hash: credential.password, password: input.newPassword }))) {
    return refused("Choose a new password, not the one you have now.", "newPassword");
  }

  const hash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    if (credential) {
      await tx.update(accounts).set({ password: hash, updatedAt: new Date() }).where(eq(accounts.id, credential.id));
    } else {
      await tx
        .insert(accounts)
        .values({ id: crypto.randomUUID(), userId: admin.userId, accountId: admin.userId, providerId: "credential", password: hash });
    }
    await tx.update(profiles).set({ firstLogin: false }).where(eq(profiles.id, admin.userId));
    await deleteOtherSessions(tx, admin.userId, sessionId);
    await recordAuditEvent(tx, { type: "password_changed", userId: admin.userId, details: { firstLogin: admin.firstLogin, firstPassword: settingFirst, otherSessionsEnded: true } }, meta);
  });
  return succeeded({ redirectTo: adminDestination((form as { redirectTo?: unknown }).redirectTo) });
}

/**
 * The answer of every page that offers the change (the first-login dialog on /admin, the form on
 * /admin/security and the menu's dialog posting there): on to where the admin was going with the
 * spec's toast, or the refusal, under its field or atop the form.
 */
export async function answerPasswordChange<Body extends object>(post: OwnPasswordChange, body = {} as Body) {
  const outcome = await changeOwnPassword(post);
  if (!outcome.ok) return replyRefused(outcome, { title: PASSWORD_CHANGE_FAILED_TITLE, values: post.values, formError: outcome.fieldErrors ? "none" : "message" }, body);
  throw await redirectWithToast(outcome.value.redirectTo, PASSWORD_CHANGED, post.platform.authSecret);
}
