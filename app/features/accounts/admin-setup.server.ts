import { eq, sql } from "drizzle-orm";
import { randomInt } from "node:crypto";
import type { Database } from "~/platform/db/client.server";
import { accounts, profiles, userRoles, users } from "~/platform/db/schema";
import { recordAuditEvent, type AuditContext } from "./audit.server";
import { ADMIN_SETUP_FAILED_MESSAGE } from "./messages";
import { hashPassword } from "~/platform/security/password-hash.server";
import { weakPasswordReason } from "./password-strength.server";
import { adminExists } from "./roles.server";

/**
 * Creates the first administrator (the spec's "create-admin"), from /admin-setup or
 * `npm run admin:create`, straight in our database: one transaction writes the user, the
 * password, the profile (first_login, so the initial password must be replaced) and the
 * admin role. It works only while no administrator exists; an advisory lock makes two
 * simultaneous set-ups take turns, so the second one sees the first one's admin.
 */

/** Any number will do as long as every instance uses the same one. */
const SETUP_LOCK = 73_012_025;
export const ADMIN_NAME = "Administrator";
export const ADMIN_EXISTS_MESSAGE = "An administrator already exists. Log in at /auth.";

// No 0/o, 1/l/i: the password is read off a screen and typed once.
const PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Four groups of five (≈ 115 bits), e.g. `Fq7mK-x2PwR-…`; shown once, replaced at first login. */
export function generateInitialPassword() {
  return Array.from({ length: 4 }, () => Array.from({ length: 5 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join("")).join("-");
}

export type AdminSetupResult =
  | { ok: true; userId: string; email: string; /** only when generated here: show it once */ generatedPassword?: string }
  | { ok: false; reason: "exists" | "email-taken" | "weak-password"; title: string; message: string; status: number };

const refused = (reason: "exists" | "email-taken" | "weak-password", message: string, status: number): AdminSetupResult => ({
  ok: false,
  reason,
  title: ADMIN_SETUP_FAILED_MESSAGE,
  message,
  status,
});

export async function createFirstAdmin(
  db: Database,
  input: { email: string; password?: string },
  context: AuditContext & { via: "setup-page" | "script" },
): Promise<AdminSetupResult> {
  const email = input.email.trim().toLowerCase();
  // A configured initial password guards the account until first login: it must not be guessable.
  if (input.password) {
    const weak = await weakPasswordReason(input.password, [email]);
    if (weak) return refused("weak-password", `ADMIN_INITIAL_PASSWORD is too weak. ${weak}`, 422);
  }
  if (await adminExists(db)) return refused("exists", ADMIN_EXISTS_MESSAGE, 409);

  const generatedPassword = input.password ? undefined : generateInitialPassword();
  // Hashing takes a few hundred milliseconds: do it before taking the lock.
  const hash = await hashPassword(input.password ?? generatedPassword!);

  return db.transaction(async (tx): Promise<AdminSetupResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
    if (await adminExists(tx)) return refused("exists", ADMIN_EXISTS_MESSAGE, 409);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    // Never promote an existing account: anyone could have signed up with that address.
    if (taken) return refused("email-taken", "An account with this e-mail address already exists. Use another address for the administrator.", 409);

    const userId = crypto.randomUUID();
    await tx.insert(users).values({ id: userId, email, emailVerified: true, name: ADMIN_NAME });
    await tx.insert(accounts).values({ id: crypto.randomUUID(), userId, accountId: userId, providerId: "credential", password: hash });
    await tx.insert(profiles).values({ id: userId, email, firstLogin: true });
    await tx.insert(userRoles).values({ userId, role: "admin" });
    await recordAuditEvent(tx, { type: "admin_created", userId, details: { email, via: context.via, passwordGenerated: !input.password } }, context);
    return { ok: true, userId, email, generatedPassword };
  });
}
