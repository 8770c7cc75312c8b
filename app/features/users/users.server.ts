import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import { ADMIN_ROLE, assertCan, CUSTOMER_ROLE, worksInBackOffice } from "~/features/accounts/permissions";
import { listRoles } from "~/features/accounts/roles.server";
import { clearFactorLock, factorResetTarget, removeAllFactors } from "~/features/accounts/second-factors.server";
import { failed, invalid, succeeded, type Result } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { containing } from "~/features/back-office/search";
import type { Queryable } from "~/platform/db/client.server";
import { profiles, rolePermissions, secondFactors, userRoles } from "~/platform/db/schema";
import { EditProfileSchema, ManageRolesSchema } from "./users.schema";

export type TwoFactorState = "enabled" | "required" | "disabled";

/** One person in User Management (dates as ISO strings: the row travels to the browser). */
export type UserRow = {
  id: string;
  email: string;
  phoneNumber: string | null;
  roles: string[];
  twoFactor: TwoFactorState;
  firstLogin: boolean;
  /** Disabled by an administrator: no way of signing in works (account-access.server.ts). */
  disabled: boolean;
  createdAt: string;
};

// Written out in full: inside a select, Drizzle leaves column names unqualified, and both tables have an "id".
const rolesOf = sql<string[]>`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = profiles.id), '{}'::text[])`;
const twoFactorOf = sql<TwoFactorState>`case when profiles.is_2fa_enabled then 'enabled' when profiles.two_factor_required then 'required' else 'disabled' end`;

function userFilters(params: ListParams): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (params.q) conditions.push(or(ilike(profiles.email, containing(params.q)), ilike(profiles.phoneNumber, containing(params.q))));
  const role = params.filters.role;
  if (role === "none") {
    conditions.push(sql`not exists (select 1 from user_roles r where r.user_id = profiles.id)`);
  } else if (role) {
    conditions.push(sql`exists (select 1 from user_roles r where r.user_id = profiles.id and r.role = ${role})`);
  }
  if (params.filters.twoFactor) conditions.push(eq(twoFactorOf, params.filters.twoFactor as TwoFactorState));
  return and(...conditions);
}

/** The columns of a UserRow, for the list and for one person's dialog alike. */
const userColumns = {
  id: profiles.id,
  email: profiles.email,
  phoneNumber: profiles.phoneNumber,
  roles: rolesOf,
  twoFactor: twoFactorOf,
  firstLogin: profiles.firstLogin,
  disabled: sql<boolean>`exists (select 1 from users u where u.id = profiles.id and u.disabled_at is not null)`,
  createdAt: profiles.createdAt,
};
const toUserRow = (row: Omit<UserRow, "createdAt"> & { createdAt: Date }): UserRow => ({ ...row, createdAt: row.createdAt.toISOString() });

const SORTS = { email: profiles.email, phone: profiles.phoneNumber, created_at: profiles.createdAt } as const;
export const USER_SORTS = Object.keys(SORTS);

export async function listUsers({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "users", "view");
  const column = SORTS[params.sort as keyof typeof SORTS] ?? profiles.createdAt;
  const order = params.dir === "asc" ? asc(column) : desc(column);
  const { rows, total } = await pagedList(platform.db, { select: () => platform.db.select(userColumns).from(profiles), where: userFilters(params), orderBy: [order, asc(profiles.id)] }, params, page);
  return { rows: rows.map(toUserRow), total };
}

/** Every role a person can be given: the two built-in ones, then the staff roles of the matrix. */
export async function listAssignableRoles(db: Queryable): Promise<string[]> {
  const rows = await db.selectDistinct({ role: rolePermissions.role }).from(rolePermissions).orderBy(asc(rolePermissions.role));
  const staff = rows.map((row) => row.role).filter((role) => role !== ADMIN_ROLE && role !== CUSTOMER_ROLE);
  return [ADMIN_ROLE, CUSTOMER_ROLE, ...staff];
}

export async function getUser({ platform, actor }: BackOfficeContext, userId: string): Promise<UserRow | null> {
  assertCan(actor, "users", "view");
  const [row] = await platform.db.select(userColumns).from(profiles).where(eq(profiles.id, userId));
  return row ? toUserRow(row) : null;
}

export const LAST_ADMIN_MESSAGE = "There must always be at least one administrator: give another person the admin role first.";
export const OWN_ADMIN_ROLE_MESSAGE = "You can't remove your own admin role. Another administrator can do it.";
export const ROLES_ADMIN_ONLY_MESSAGE = "Only an administrator can give or take away back-office roles.";

/**
 * Manage Roles: the ticked roles replace the person's role rows. Only an administrator may give
 * or take a back-office role (admin or staff); nobody removes their own admin role, and the last
 * administrator keeps theirs. The admin rows are locked while this runs, so two administrators
 * removing each other at the same moment cannot leave none.
 */
export async function replaceUserRoles(ctx: BackOfficeContext, input: unknown): Promise<Result<{ roles: string[] }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "users", "update");
  const parsed = ManageRolesSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { userId } = parsed.data;
  const wanted = [...new Set(parsed.data.roles)].sort();

  const known = new Set(await listAssignableRoles(platform.db));
  const unknown = wanted.find((role) => !known.has(role));
  if (unknown) return failed(400, `There is no role called "${unknown}". Define it in Role Permissions first.`, { roles: ["Unknown role"] });

  return platform.db.transaction(async (tx) => {
    const [person] = await tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, userId));
    if (!person) return failed(404, "This account no longer exists.");
    const admins = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, ADMIN_ROLE)).for("update");
    const before = (await listRoles(tx, userId)).sort();
    const backOfficeChange = before.filter((r) => r !== CUSTOMER_ROLE).join() !== wanted.filter((r) => r !== CUSTOMER_ROLE).join();
    if (backOfficeChange && !actor.isAdministrator) return failed(403, ROLES_ADMIN_ONLY_MESSAGE);
    const losesAdmin = before.includes(ADMIN_ROLE) && !wanted.includes(ADMIN_ROLE);
    if (losesAdmin && userId === actor.userId) return failed(409, OWN_ADMIN_ROLE_MESSAGE);
    if (losesAdmin && admins.length <= 1) return failed(409, LAST_ADMIN_MESSAGE);

    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (wanted.length > 0) await tx.insert(userRoles).values(wanted.map((role) => ({ userId, role })));
    await recordChange(tx, actor, { module: "users", action: "update", recordId: userId, event: "roles_changed", before: { roles: before }, after: { roles: wanted }, details: { email: person.email } }, meta);
    return succeeded({ roles: wanted }, "Roles updated", `${person.email}: ${wanted.length > 0 ? wanted.join(", ") : "no roles"}.`);
  });
}

export const TWO_FACTOR_STAFF_ONLY = "Two-factor authentication is for back-office accounts: give the person a back-office role first.";
export const PROFILE_ADMIN_ONLY = "Only an administrator can change the security settings of a back-office account.";

/**
 * Edit Profile: phone, the 2FA flag and the first-login flag (the e-mail is read-only).
 * Unticking 2FA for someone who has factors is Reset Second Factors by another button, under the
 * same rule (factorResetTarget: whose, by whom, after a fresh proof of the staff member) and with
 * the same effect (removeAllFactors: every factor gone, every session ended, the person told by
 * e-mail); unticking it for someone only asked to set it up lifts the request. Ticking it makes
 * them set it up at their next sign-in; first login makes them choose a new password then.
 */
export async function updateUserProfile(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "users", "update");
  const parsed = EditProfileSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { userId, phoneNumber, twoFactor, firstLogin } = parsed.data;

  let factorsReset = false;
  const result = await platform.db.transaction(async (tx): Promise<Result> => {
    const [current] = await tx
      .select({ email: profiles.email, phoneNumber: profiles.phoneNumber, is2faEnabled: profiles.is2faEnabled, twoFactorRequired: profiles.twoFactorRequired, firstLogin: profiles.firstLogin })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    if (!current) return failed(404, "This account no longer exists.");
    const backOffice = worksInBackOffice(await listRoles(tx, userId));
    const hadTwoFactor = current.is2faEnabled || current.twoFactorRequired;
    const securityChange = twoFactor !== hadTwoFactor || firstLogin !== current.firstLogin;
    if (securityChange && backOffice && !actor.isAdministrator) return failed(403, PROFILE_ADMIN_ONLY);
    if (twoFactor && !hadTwoFactor && !backOffice) return failed(400, TWO_FACTOR_STAFF_ONLY, { twoFactor: [TWO_FACTOR_STAFF_ONLY] });

    const turnOff = hadTwoFactor && !twoFactor;
    const [factor] = turnOff ? await tx.select({ id: secondFactors.id }).from(secondFactors).where(eq(secondFactors.userId, userId)).limit(1) : [];
    const reset = turnOff && (current.is2faEnabled || Boolean(factor));
    if (reset) {
      const allowed = await factorResetTarget(ctx, tx, userId);
      if (!allowed.ok) return allowed;
      await removeAllFactors(tx, platform, actor, meta, "users", allowed.target);
      factorsReset = true;
    }
    await tx
      .update(profiles)
      .set({ phoneNumber, firstLogin, ...(turnOff ? { twoFactorRequired: false } : {}), ...(twoFactor && !hadTwoFactor ? { twoFactorRequired: true } : {}) })
      .where(eq(profiles.id, userId));
    const shown = (p: { phoneNumber: string | null; firstLogin: boolean }, twoFactorOn: boolean) => ({ phoneNumber: p.phoneNumber, twoFactor: twoFactorOn, firstLogin: p.firstLogin });
    await recordChange(
      tx,
      actor,
      { module: "users", action: "update", recordId: userId, before: shown(current, hadTwoFactor), after: shown({ phoneNumber, firstLogin }, twoFactor), details: { email: current.email } },
      meta,
    );
    return succeeded(null, "Profile updated", `The changes to ${current.email} are saved.`);
  });
  if (factorsReset) await clearFactorLock(platform, userId);
  return result;
}
