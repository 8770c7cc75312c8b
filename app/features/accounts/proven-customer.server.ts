import { and, eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "~/platform/db/client.server";
import { accounts, profiles, sponsors, userRoles, users } from "~/platform/db/schema";
import { failedAs, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { recordAuditEvent } from "./audit.server";
import { ADMIN_REFUSED_MESSAGE, LOGIN_FAILED_TITLE } from "./messages";
import { placeholderEmail } from "./no-email";
import { openProvenSession } from "./open-session.server";
import type { RequestMeta } from "./request-meta";
import { isBackOfficeUser } from "./roles.server";
import type { SignedIn } from "./sign-in.server";

/** An identity a code proved: an e-mail address, or a phone number in E.164. */
export type ProvenIdentity = { kind: "email"; email: string } | { kind: "phone"; phone: string };
/** How it was proven, for the audit log's login method. */
export type ProofMethod = "email_code" | "email_link" | "sms_code";

/** The provider id of the account row that ties a user to a way of signing in (Better Auth's `accounts`). */
export const PHONE_PROVIDER = "phone";
export const EMAIL_CODE_PROVIDER = "email-code";

/**
 * A new customer as sign-up makes one, in the caller's transaction: the user, an account row for
 * the way they proved themselves, the profile, the customer role and the sponsor record. A phone
 * customer gets the stand-in address of no-email.ts (never verified) and the number on profile
 * and sponsor.
 */
export async function insertProvenCustomer(tx: Queryable, identity: ProvenIdentity): Promise<string> {
  const id = crypto.randomUUID();
  const email = identity.kind === "email" ? identity.email : placeholderEmail("phone", identity.phone);
  const phoneNumber = identity.kind === "phone" ? identity.phone : null;
  await tx.insert(users).values({ id, name: "", email, emailVerified: identity.kind === "email" });
  await tx.insert(accounts).values({
    id: crypto.randomUUID(),
    userId: id,
    providerId: identity.kind === "email" ? EMAIL_CODE_PROVIDER : PHONE_PROVIDER,
    accountId: identity.kind === "email" ? identity.email : identity.phone,
  });
  await tx.insert(profiles).values({ id, email, phoneNumber });
  await tx.insert(userRoles).values({ id: crypto.randomUUID(), userId: id, role: "customer" });
  await tx.insert(sponsors).values({ id: crypto.randomUUID(), userId: id, email, phoneNumber });
  return id;
}

/** The user an identity belongs to: by address for e-mail, by the phone account row for a number. */
export async function findUserByIdentity(db: Queryable, identity: ProvenIdentity): Promise<string | null> {
  if (identity.kind === "email") {
    const [user] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${identity.email.toLowerCase()}`);
    return user?.id ?? null;
  }
  const [account] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.providerId, PHONE_PROVIDER), eq(accounts.accountId, identity.phone)));
  return account?.userId ?? null;
}

/**
 * Signs in the customer a code has just proven, creating the account if there is none (only now,
 * once the address or number is proven, so nobody is left with an unproven account). Staff are
 * refused at this door with the spec's message; an e-mail sign-in also marks the address verified.
 * A fresh session every time.
 */
export async function signInProvenCustomer(platform: Platform, identity: ProvenIdentity, method: ProofMethod, meta: RequestMeta): Promise<Result<SignedIn>> {
  const db: Database = platform.db;
  const { userId, created } = await db.transaction(async (tx) => {
    // Two first sign-ins with the same proof at once make one account.
    const key = identity.kind === "email" ? `email:${identity.email.toLowerCase()}` : `phone:${identity.phone}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`proven-customer:${key}`}, 0))`);
    const existing = await findUserByIdentity(tx, identity);
    if (existing) return { userId: existing, created: false };
    return { userId: await insertProvenCustomer(tx, identity), created: true };
  });
  if (!created && (await isBackOfficeUser(db, userId))) {
    await recordAuditEvent(db, { type: "login_refused", userId, details: { portal: "customer", method } }, meta);
    return failedAs(LOGIN_FAILED_TITLE, 403, ADMIN_REFUSED_MESSAGE);
  }
  if (identity.kind === "email") await db.update(users).set({ emailVerified: true }).where(and(eq(users.id, userId), eq(users.emailVerified, false)));
  // A fresh session; one of someone with a second factor waits for it (session.server.ts), and the door asks for it.
  const opened = await openProvenSession(platform, userId, meta);
  if (!opened.ok) return opened;
  const { headers } = opened.value;
  const [profile] = await db.select({ is2faEnabled: profiles.is2faEnabled }).from(profiles).where(eq(profiles.id, userId));
  const secondFactorRequired = Boolean(profile?.is2faEnabled);
  if (!secondFactorRequired) {
    await recordAuditEvent(db, { type: "login_success", userId, details: { method, portal: "customer", ...(created ? { created: true } : {}) } }, meta);
  }
  return succeeded({ headers, userId, secondFactorRequired });
}
