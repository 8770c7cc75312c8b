import { and, eq, inArray, isNull } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import { ADMIN_ROLE, assertCan, worksInBackOffice } from "~/features/accounts/permissions";
import { listRoles } from "~/features/accounts/roles.server";
import { deleteAllSessions } from "~/features/accounts/session.server";
import type { BackOfficeContext } from "~/features/back-office/context";
import { sessions, userRoles, users } from "~/platform/db/schema";
import { failed, invalid, succeeded, type Result } from "~/platform/result";
import { AccountAccessSchema, EndSessionsSchema } from "./account-access.schema";

export const ACCOUNT_GONE = "This account no longer exists.";
export const OWN_ACCOUNT_DISABLE = "You can't disable your own account. Another administrator can do it.";
export const OWN_SESSIONS_HERE = "To end your own sessions, use Where you're signed in on your Security page.";
export const LAST_ADMIN_DISABLE = "There must always be an administrator who can sign in: give another person the admin role first.";
export const BACK_OFFICE_ACCESS_ADMIN_ONLY = "Only an administrator can disable or sign out a back-office account.";

/**
 * Who may end someone's sessions or disable their account: whoever may update users (User
 * Management's own permission: these act on the account, whatever else the person is), and for
 * a back-office account only an administrator, as for its password: otherwise a staff member
 * could shut administrators out.
 */
async function checkTarget(ctx: BackOfficeContext, userId: string): Promise<Result<{ email: string; disabledAt: Date | null; roles: string[] }>> {
  const [person] = await ctx.platform.db.select({ email: users.email, disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
  if (!person) return failed(404, ACCOUNT_GONE);
  const roles = await listRoles(ctx.platform.db, userId);
  if (worksInBackOffice(roles) && !(ctx.actor.kind === "staff" && ctx.actor.isAdministrator)) return failed(403, BACK_OFFICE_ACCESS_ADMIN_ONLY);
  return succeeded({ ...person, roles });
}

/** End sessions: every device the person is signed in on is signed out at once (they may sign in again). */
export async function endSessionsOf(ctx: BackOfficeContext, input: unknown): Promise<Result<{ ended: number }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "users", "update");
  const parsed = EndSessionsSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { userId } = parsed.data;
  if (userId === actor.userId) return failed(409, OWN_SESSIONS_HERE);
  const target = await checkTarget(ctx, userId);
  if (!target.ok) return target;
  const { email } = target.value;
  const ended = await platform.db.transaction(async (tx) => {
    const gone = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    await recordChange(tx, actor, { module: "users", action: "update", recordId: userId, event: "sessions_ended_by_staff", details: { email, sessionsEnded: gone.length } }, meta);
    return gone.length;
  });
  const devices = ended === 1 ? "1 device" : `${ended} devices`;
  return succeeded({ ended }, "Sessions ended", ended === 0 ? `${email} was not signed in anywhere.` : `${email} has been signed out of ${devices}.`);
}

/**
 * Disable account: no way of signing in opens a session for the person while it is disabled
 * (the session hook in auth-instance.server.ts refuses), and every session they have ends now.
 * Enable account lifts it; nothing else about the account changed meanwhile. Nobody disables
 * themselves, and the last administrator who can still sign in stays able to: the admin rows
 * are locked while this runs, so two administrators disabling each other at once cannot leave none.
 */
export async function setAccountAccess(ctx: BackOfficeContext, input: unknown): Promise<Result<{ disabled: boolean }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "users", "update");
  const parsed = AccountAccessSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { userId, access } = parsed.data;
  const disable = access === "disable";
  if (disable && userId === actor.userId) return failed(409, OWN_ACCOUNT_DISABLE);
  const target = await checkTarget(ctx, userId);
  if (!target.ok) return target;
  const { email, roles } = target.value;

  return platform.db.transaction(async (tx) => {
    if (disable && roles.includes(ADMIN_ROLE)) {
      const admins = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, ADMIN_ROLE)).for("update");
      const others = admins.map((a) => a.userId).filter((id) => id !== userId);
      const able = others.length === 0 ? [] : await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, others), isNull(users.disabledAt)));
      if (able.length === 0) return failed(409, LAST_ADMIN_DISABLE);
    }
    const [before] = await tx.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).for("update");
    if (!before) return failed(404, ACCOUNT_GONE);
    const wasDisabled = before.disabledAt !== null;
    if (wasDisabled !== disable) {
      await tx.update(users).set({ disabledAt: disable ? new Date(platform.clock.now()) : null }).where(eq(users.id, userId));
    }
    // Also when it was already disabled: a session that slipped in meanwhile ends too.
    if (disable) await deleteAllSessions(tx, userId);
    await recordChange(
      tx,
      actor,
      { module: "users", action: "update", recordId: userId, event: disable ? "account_disabled" : "account_enabled", before: { disabled: wasDisabled }, after: { disabled: disable }, details: { email } },
      meta,
    );
    return disable
      ? succeeded({ disabled: true }, "Account disabled", `${email} is signed out everywhere and cannot sign in until the account is enabled again.`)
      : succeeded({ disabled: false }, "Account enabled", `${email} can sign in again.`);
  });
}
