import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq } from "drizzle-orm";
import { accounts, profiles } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "~/platform/security/rate-limit.server";
import type { Toast } from "~/platform/toast";
import { adminDestination, type StaffActor } from "./admin-guard.server";
import { ChangePasswordSchema, FirstLoginPasswordSchema } from "./admin.schema";
import { recordAuditEvent, type AuditContext } from "./audit.server";
import { limits, tooManyAttemptsMessage } from "./limits";
import { hashPassword, verifyPassword } from "~/platform/security/password-hash.server";
import { weakPasswordReason } from "./password-strength.server";
import { deleteOtherSessions } from "./session.server";

export type PasswordChangeResult =
  | { ok: true }
  | { ok: false; message: string; field?: "currentPassword" | "newPassword"; status: number };

const refused = (message: string, field?: "currentPassword" | "newPassword", status = 400): PasswordChangeResult => ({
  ok: false,
  message,
  field,
  status,
});

/**
 * An administrator replaces their own password: the forced change at first login, or any time
 * from the back-office. Beyond the spec's 6 characters the new password must not be common or
 * guessable (zxcvbn), nor the current one again. On success the first-login flag is cleared and
 * every other session of the account ends; this one stays signed in.
 */
export async function changeOwnPassword(
  platform: Platform,
  admin: Pick<StaffActor, "userId" | "email" | "firstLogin">,
  sessionId: string,
  input: { currentPassword?: string; newPassword: string },
  meta: AuditContext,
): Promise<PasswordChangeResult> {
  const { db } = platform;
  // The first-login change comes straight after a sign-in with that very password.
  const requireCurrent = !admin.firstLogin;
  const locked = await peekRateLimit(db, limits.signInFailuresByAccount, admin.email);
  if (!locked.allowed) return refused(tooManyAttemptsMessage(locked.retryAfterSeconds), undefined, 429);

  const [credential] = await db
    .select({ id: accounts.id, password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, admin.userId), eq(accounts.providerId, "credential")));

  // Someone who only ever used Google has no current password to give.
  if (requireCurrent && credential?.password) {
    const matches = await verifyPassword({ hash: credential.password, password: input.currentPassword ?? "" });
    if (!matches) {
      await hitRateLimit(db, limits.signInFailuresByAccount, admin.email);
      await recordAuditEvent(db, { type: "password_change_failed", userId: admin.userId, details: { reason: "current_password" } }, meta);
      return refused("Current password is incorrect", "currentPassword");
    }
    await clearRateLimit(db, limits.signInFailuresByAccount, admin.email);
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
    await recordAuditEvent(tx, { type: "password_changed", userId: admin.userId, details: { firstLogin: admin.firstLogin, otherSessionsEnded: true } }, meta);
  });
  return { ok: true };
}

export type PasswordChangeSubmission =
  | { ok: true; redirectTo: string; toast: Toast }
  | { ok: false; result: SubmissionResult<string[]>; toast: Toast; status: number };

/**
 * The form side of a change, shared by every page that offers it (the first-login dialog on
 * /admin, the menu's dialog and the form on /admin/security): parse with the shared schema,
 * change, and say what to show.
 */
export async function submitPasswordChange(
  platform: Platform,
  admin: StaffActor,
  sessionId: string,
  formData: FormData,
  meta: AuditContext,
): Promise<PasswordChangeSubmission> {
  const schema = admin.firstLogin ? FirstLoginPasswordSchema : ChangePasswordSchema;
  const submission = parseWithZod(formData, { schema });
  const hide = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? undefined;
    return { ok: false, status: 400, result: submission.reply(hide), toast: { id: crypto.randomUUID(), title: "Validation Error", description: first, variant: "error" } };
  }
  const outcome = await changeOwnPassword(platform, admin, sessionId, submission.value, meta);
  if (!outcome.ok) {
    return {
      ok: false,
      status: outcome.status,
      result: submission.reply({ ...hide, formErrors: outcome.field ? undefined : [outcome.message], fieldErrors: outcome.field ? { [outcome.field]: [outcome.message] } : undefined }),
      toast: { id: crypto.randomUUID(), title: "Password Change Failed", description: outcome.message, variant: "error" },
    };
  }
  return {
    ok: true,
    redirectTo: adminDestination(formData.get("redirectTo")),
    toast: { title: "Password Changed", description: "Your new password is in place. Any other devices have been signed out.", variant: "success" },
  };
}
