/**
 * People written straight into the database, for tests whose subject is not signing up or
 * signing in: users with a role, customers with their sponsor record, sessions.
 */
import { randomBytes } from "node:crypto";
import type { StaffActor } from "~/features/accounts/admin-guard.server";
import type { Actor } from "~/features/accounts/actor";
import type { Queryable } from "~/platform/db/client.server";
import { ADMIN_ROLE, allPermissions, type PermissionAction, type PermissionModule } from "~/features/accounts/permissions";
import { permissionsOf } from "~/features/accounts/roles.server";
import { accounts, profiles, rolePermissions, sessions, sponsors, userRoles, users, type RoleName } from "~/platform/db/schema";
import { hashPassword } from "~/platform/security/password-hash.server";

export type CustomerActor = Extract<Actor, { kind: "customer" }>;

/**
 * A back-office user with one role (admin unless told: a staff role's permissions are whatever
 * its role_permissions rows say, see insertStaffRole), a profile and, with `password`, a password login.
 */
export async function insertUser(
  db: Queryable,
  options: { email?: string; role?: RoleName; password?: string; firstLogin?: boolean } = {},
): Promise<StaffActor> {
  const id = crypto.randomUUID();
  const email = options.email ?? `user-${id.slice(0, 8)}@example.com`;
  await db.insert(users).values({ id, email, emailVerified: true, name: "Test" });
  if (options.password) {
    await db.insert(accounts).values({ id: crypto.randomUUID(), userId: id, accountId: id, providerId: "credential", password: await hashPassword(options.password) });
  }
  await db.insert(profiles).values({ id, email, firstLogin: options.firstLogin ?? false });
  const role = options.role ?? ADMIN_ROLE;
  await db.insert(userRoles).values({ userId: id, role });
  return staffActor({ userId: id, email, firstLogin: options.firstLogin ?? false, roles: [role], isAdministrator: role === ADMIN_ROLE, permissions: await permissionsOf(db, [role]) });
}

/** A staff actor as the session would resolve it: an administrator unless told otherwise. */
export function staffActor(over: Partial<StaffActor> = {}): StaffActor {
  return {
    kind: "staff",
    userId: "u1",
    email: "admin@apiary.test",
    emailVerified: true,
    firstLogin: false,
    twoFactorEnabled: false,
    twoFactorRequired: false,
    roles: [ADMIN_ROLE],
    isAdministrator: true,
    permissions: allPermissions(),
    ...over,
  };
}

type Grants = Partial<Record<PermissionModule, readonly PermissionAction[]>>;

/** A staff role granted these actions (a unique name unless told), as Role Permissions saves it. */
export async function insertStaffRole(db: Queryable, grants: Grants, name = `staff_${randomBytes(4).toString("hex")}`) {
  const rows = Object.entries(grants).map(([module, actions]) => ({
    role: name,
    module: module as PermissionModule,
    canView: actions.includes("view"),
    canCreate: actions.includes("create"),
    canUpdate: actions.includes("update"),
    canDelete: actions.includes("delete"),
  }));
  if (rows.length > 0) await db.insert(rolePermissions).values(rows);
  return name;
}

/** A member of a new staff role with these grants. */
export async function insertStaff(db: Queryable, grants: Grants, options: { email?: string; password?: string } = {}) {
  return insertUser(db, { ...options, role: await insertStaffRole(db, grants) });
}

/** A signed-up customer: user, profile, customer role and (unless told) the sponsor record. */
export async function insertCustomer(
  db: Queryable,
  options: { email?: string; emailVerified?: boolean; sponsor?: boolean; name?: string } = {},
): Promise<CustomerActor> {
  const id = crypto.randomUUID();
  const email = options.email ?? `sponsor-${id.slice(0, 8)}@example.com`;
  const emailVerified = options.emailVerified ?? true;
  // As sign-up stores it: the name typed, or none (never one made from the e-mail).
  await db.insert(users).values({ id, email, emailVerified, name: options.name ?? "" });
  await db.insert(profiles).values({ id, email, firstLogin: false });
  await db.insert(userRoles).values({ userId: id, role: "customer" });
  if (options.sponsor ?? true) await db.insert(sponsors).values({ userId: id, email });
  return { kind: "customer", userId: id, email, name: options.name ?? "", emailVerified };
}

export async function insertSession(db: Queryable, userId: string, options: { createdAt?: Date; secondFactorAt?: Date | null } = {}) {
  const id = crypto.randomUUID();
  const createdAt = options.createdAt ?? new Date();
  await db.insert(sessions).values({
    id,
    userId,
    token: randomBytes(24).toString("base64url"),
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    secondFactorAt: options.secondFactorAt ?? null,
    createdAt,
  });
  return { id, createdAt };
}
