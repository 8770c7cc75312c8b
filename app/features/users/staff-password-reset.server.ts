import { hasContactEmail } from "~/features/accounts/no-email";
import { and, eq } from "drizzle-orm";
import { assertCan, can, ForbiddenError, worksInBackOffice } from "~/features/accounts/permissions";
import type { Actor } from "~/features/accounts/actor";
import { recordChange } from "~/features/accounts/audit.server";
import { limits } from "~/features/accounts/limits";
import { weakPasswordReason } from "~/features/accounts/password-strength.server";
import { requireFreshProof } from "~/features/accounts/fresh-proof.server";
import { deleteAllSessions } from "~/features/accounts/session.server";
import { failed, invalid, succeeded, type Result } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import { accounts, hiveAdoptions, sponsors, users } from "~/platform/db/schema";
import { enqueueTemplate } from "~/platform/mail/outbox.server";
import { hashPassword } from "~/platform/security/password-hash.server";
import { clearRateLimit } from "~/platform/security/rate-limit.server";
import { listRoles } from "~/features/accounts/roles.server";
import { StaffResetPasswordSchema } from "./users.schema";

export const BACK_OFFICE_PASSWORD_ADMIN_ONLY = "Only an administrator can reset the password of a back-office account.";

/**
 * A staff member sets a new password for someone (User Management, or a sponsor from Sponsors,
 * or Hive Adoptions: the spec's reset-sponsor-password): common and guessable passwords are refused, every session
 * of the person ends, they are told by e-mail, and the audit trail records who did it (never
 * the password). Only an administrator may do it to a back-office account: otherwise a staff
 * member allowed to help customers could take over an administrator's account.
 */
/**
 * Whether `actor` may set a new password for this person: a sponsor's is for whoever may
 * update sponsors or users, anyone else's for whoever may update users (an administrator's
 * further limited in resetPasswordByStaff).
 */
export function mayResetPasswordOf(actor: Actor, person: { isSponsor: boolean }): boolean {
  return (person.isSponsor && can(actor, "sponsors", "update")) || can(actor, "users", "update");
}

/**
 * Whether Hive Adoptions offers Reset Password on its rows (every adopter is a sponsor): for whoever
 * may change adoptions and may also change the sponsor's account. Updating adoptions alone is no
 * licence to take over a sponsor's account; resetPasswordByStaff refuses it again.
 */
export function mayResetAdopterPassword(actor: Actor): boolean {
  return can(actor, "hive_adoptions", "update") && mayResetPasswordOf(actor, { isSponsor: true });
}

export async function resetPasswordByStaff(
  { platform, actor, meta, session }: BackOfficeContext,
  module: "users" | "sponsors" | "hive_adoptions",
  input: unknown,
): Promise<Result> {
  assertCan(actor, module, "update");
  // Setting someone's password is taking their account: the one doing it proves it is still them
  // (the page's "Confirm it's you" step, then the very same form again).
  const unproven = await requireFreshProof(platform, session);
  if (unproven) return unproven;
  const parsed = StaffResetPasswordSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { userId, newPassword } = parsed.data;
  const { db } = platform;

  const [target] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  if (!target) return failed(404, "This account no longer exists.");
  const [sponsor] = await db.select({ id: sponsors.id }).from(sponsors).where(eq(sponsors.userId, userId));
  // From Sponsors or Hive Adoptions, only for someone that screen shows.
  if (module === "sponsors" && !sponsor) return failed(404, "This sponsor no longer exists.");
  // Wherever the button sits, the permission is the one of the person's own screen: updating
  // adoptions is no licence to take over their sponsor's account.
  if (!mayResetPasswordOf(actor, { isSponsor: Boolean(sponsor) })) throw new ForbiddenError(sponsor ? "sponsors" : "users", "update");
  if (module === "hive_adoptions") {
    const [adoption] = await db.select({ id: hiveAdoptions.id }).from(hiveAdoptions).where(eq(hiveAdoptions.userId, userId)).limit(1);
    if (!adoption) return failed(404, "This sponsor has no adoption any more.");
  }
  const roles = await listRoles(db, userId);
  const backOffice = worksInBackOffice(roles);
  if (backOffice && !actor.isAdministrator) return failed(403, BACK_OFFICE_PASSWORD_ADMIN_ONLY);

  const weak = await weakPasswordReason(newPassword, [target.email]);
  if (weak) return failed(400, weak, { newPassword: [weak] });

  const hash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(accounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      // Someone who only ever used Google gets a password login beside it.
      await tx.insert(accounts).values({ id: crypto.randomUUID(), userId, accountId: userId, providerId: "credential", password: hash });
    }
    await deleteAllSessions(tx, userId);
    // An account without an e-mail address (phone, wallet) is not told by e-mail: it has none.
    if (hasContactEmail(target.email)) await enqueueTemplate(
      tx,
      "account-notice",
      { kind: "password-set-by-staff", loginUrl: new URL(backOffice ? "/auth" : "/customer-auth", platform.env.APP_URL).href },
      { to: target.email, idempotencyKey: `account-notice:password:${userId}:${crypto.randomUUID()}` },
    );
    await recordChange(tx, actor, { module, action: "update", recordId: userId, event: "password_reset_by_staff", details: { email: target.email, sessionsEnded: true } }, meta);
  });
  // A new password also lifts a lock made by someone guessing the old one.
  await clearRateLimit(db, limits.signInFailuresByAccount, target.email);
  return succeeded(null, "Password Reset", `${target.email} has a new password, and every device signed in to the account has been signed out.`);
}
