/**
 * People written straight into the database, for tests whose subject is not signing up or
 * signing in: users with a role, customers with their sponsor record, sessions.
 */
import { randomBytes } from "node:crypto";
import type { AdminActor } from "~/features/accounts/admin-guard.server";
import type { Actor } from "~/features/accounts/actor";
import type { Queryable } from "~/platform/db/client.server";
import { accounts, profiles, sessions, sponsors, userRoles, users, type AppRole } from "~/platform/db/schema";
import { hashPassword } from "~/platform/security/password-hash.server";

export type CustomerActor = Extract<Actor, { kind: "customer" }>;

/** A user with one role (admin unless told), a profile and, with `password`, a password login. */
export async function insertUser(
  db: Queryable,
  options: { email?: string; role?: AppRole; password?: string; firstLogin?: boolean } = {},
): Promise<AdminActor> {
  const id = crypto.randomUUID();
  const email = options.email ?? `user-${id.slice(0, 8)}@example.com`;
  await db.insert(users).values({ id, email, emailVerified: true, name: "Test" });
  if (options.password) {
    await db.insert(accounts).values({ id: crypto.randomUUID(), userId: id, accountId: id, providerId: "credential", password: await hashPassword(options.password) });
  }
  await db.insert(profiles).values({ id, email, firstLogin: options.firstLogin ?? false });
  await db.insert(userRoles).values({ userId: id, role: options.role ?? "admin" });
  return { kind: "admin", userId: id, email, emailVerified: true, firstLogin: options.firstLogin ?? false, twoFactorEnabled: false };
}

/** A signed-up customer: user, profile, customer role and (unless told) the sponsor record. */
export async function insertCustomer(
  db: Queryable,
  options: { email?: string; emailVerified?: boolean; sponsor?: boolean } = {},
): Promise<CustomerActor> {
  const id = crypto.randomUUID();
  const email = options.email ?? `sponsor-${id.slice(0, 8)}@example.com`;
  const emailVerified = options.emailVerified ?? true;
  await db.insert(users).values({ id, email, emailVerified, name: email.split("@")[0]! });
  await db.insert(profiles).values({ id, email, firstLogin: false });
  await db.insert(userRoles).values({ userId: id, role: "customer" });
  if (options.sponsor ?? true) await db.insert(sponsors).values({ userId: id, email });
  return { kind: "customer", userId: id, email, emailVerified };
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
