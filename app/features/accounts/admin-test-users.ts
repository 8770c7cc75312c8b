/**
 * Rows for the back-office's integration tests: users, roles and sessions written straight
 * into the database, without going through sign-up or sign-in.
 */
import { randomBytes } from "node:crypto";
import type { Queryable } from "~/platform/db/client.server";
import { accounts, profiles, sessions, userRoles, users, type AppRole } from "~/platform/db/schema";
import type { AdminActor } from "./admin-guard.server";
import { hashPassword } from "./password.server";

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

/** Waits, if needed, so that the current 30-second TOTP step has at least `marginMs` left. */
export async function awayFromStepBoundary(marginMs = 2_000) {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
