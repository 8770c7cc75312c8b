import { eq, sql } from "drizzle-orm";
import { randomInt } from "node:crypto";
import type { Database } from "~/platform/db/client.server";
import { accounts, profiles, userRoles, users } from "~/platform/db/schema";
import { failedAs, succeeded, type RefusalStatus, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { hashPassword } from "~/platform/security/password-hash.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import { AdminSetupEmailSchema } from "./admin.schema";
import { recordAuditEvent, type AuditContext } from "./audit.server";
import { checkForm } from "./form-input";
import { limits, tooManyAttemptsMessage } from "./limits";
import { ADMIN_SETUP_FAILED_MESSAGE, VALIDATION_ERROR_TITLE } from "./messages";
import { weakPasswordReason } from "./password-strength.server";
import type { RequestMeta } from "./request-meta";
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

/** The first administrator: `generatedPassword` only when it was generated here, to be shown once. */
export type FirstAdmin = { userId: string; email: string; generatedPassword?: string };

const refused = (status: RefusalStatus, message: string) => failedAs(ADMIN_SETUP_FAILED_MESSAGE, status, message);
const ADMIN_EXISTS = refused(409, ADMIN_EXISTS_MESSAGE);

export async function createFirstAdmin(
  db: Database,
  input: { email: string; password?: string },
  context: AuditContext & { via: "setup-page" | "script" | "start-up" },
): Promise<Result<FirstAdmin>> {
  const email = input.email.trim().toLowerCase();
  // A configured initial password guards the account until first login: it must not be guessable.
  if (input.password) {
    const weak = await weakPasswordReason(input.password, [email]);
    if (weak) return refused(422, `ADMIN_INITIAL_PASSWORD is too weak. ${weak}`);
  }
  if (await adminExists(db)) return ADMIN_EXISTS;

  const generatedPassword = input.password ? undefined : generateInitialPassword();
  // Hashing takes a few hundred milliseconds: do it before taking the lock.
  const hash = await hashPassword(input.password ?? generatedPassword!);

  return db.transaction(async (tx): Promise<Result<FirstAdmin>> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
    if (await adminExists(tx)) return ADMIN_EXISTS;
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    // Never promote an existing account: anyone could have signed up with that address.
    if (taken) return refused(409, "An account with this e-mail address already exists. Use another address for the administrator.");

    const userId = crypto.randomUUID();
    await tx.insert(users).values({ id: userId, email, emailVerified: true, name: ADMIN_NAME });
    await tx.insert(accounts).values({ id: crypto.randomUUID(), userId, accountId: userId, providerId: "credential", password: hash });
    await tx.insert(profiles).values({ id: userId, email, firstLogin: true });
    await tx.insert(userRoles).values({ userId, role: "admin" });
    await recordAuditEvent(tx, { type: "admin_created", userId, details: { email, via: context.via, passwordGenerated: !input.password } }, context);
    return succeeded({ userId, email, generatedPassword });
  });
}

/** What a start made of the configured administrator (see createConfiguredAdmin). */
export type ConfiguredAdmin = "not configured" | "exists" | "created" | "refused" | "failed";

/**
 * The first start with both ADMIN_EMAIL and ADMIN_INITIAL_PASSWORD set makes that administrator,
 * so /auth takes the configured password from the first minute, with no /admin-setup step (the
 * password must still be replaced at first login: createFirstAdmin sets first_login). Every later
 * start only asks whether an administrator exists, one indexed read; the password's strength is
 * checked, and the hash made, only when one must be created. Instances starting together on one
 * database take turns on createFirstAdmin's lock: one creates, the others find it made. A
 * refusal (a weak password, the address taken by another account) or a database error is
 * logged and the server starts anyway: /auth then says no administrator exists yet.
 */
export async function createConfiguredAdmin(platform: Pick<Platform, "db" | "env" | "logger">): Promise<ConfiguredAdmin> {
  const { db, env, logger } = platform;
  if (!env.ADMIN_EMAIL || !env.ADMIN_INITIAL_PASSWORD) return "not configured";
  try {
    if (await adminExists(db)) return "exists";
    const created = await createFirstAdmin(db, { email: env.ADMIN_EMAIL, password: env.ADMIN_INITIAL_PASSWORD }, { via: "start-up" });
    if (created.ok) {
      logger.info({ email: created.value.email }, "created the administrator of ADMIN_EMAIL with ADMIN_INITIAL_PASSWORD; it must be changed at first login");
      return "created";
    }
    if (created.message === ADMIN_EXISTS_MESSAGE) return "exists";
    logger.error({ reason: created.message }, "the administrator of ADMIN_EMAIL was not created; /admin-setup remains open");
    return "refused";
  } catch (error) {
    logger.error({ err: error }, "creating the administrator of ADMIN_EMAIL failed; /admin-setup remains open");
    return "failed";
  }
}

/**
 * /admin-setup's form: the first administrator, at the address configured (ADMIN_EMAIL) or else
 * the one typed, with the configured initial password or one generated here. Refused (409) once
 * an administrator exists, and limited per client address: the page is open to anyone until then.
 */
export async function setUpFirstAdmin(platform: Platform, form: unknown, meta: RequestMeta): Promise<Result<Omit<FirstAdmin, "userId">>> {
  const { db, env, logger } = platform;
  if (await adminExists(db)) return ADMIN_EXISTS;
  const limit = await hitRateLimit(db, limits.adminSetupByAddress, meta.clientAddress);
  if (!limit.allowed) return refused(429, tooManyAttemptsMessage(limit.retryAfterSeconds));
  let email = env.ADMIN_EMAIL;
  if (!email) {
    const typed = checkForm(AdminSetupEmailSchema, form, VALIDATION_ERROR_TITLE);
    // Whatever was wrong with the address, the field says it once.
    if (!typed.ok) return failedAs(VALIDATION_ERROR_TITLE, 400, typed.message, { email: [typed.message] });
    email = typed.value.email;
  }
  try {
    const created = await createFirstAdmin(db, { email, password: env.ADMIN_INITIAL_PASSWORD }, { ...meta, via: "setup-page" });
    return created.ok ? succeeded({ email: created.value.email, generatedPassword: created.value.generatedPassword }) : created;
  } catch (error) {
    logger.error({ err: error }, "creating the first administrator failed");
    return refused(500, "Something went wrong on our side. Please try again.");
  }
}
