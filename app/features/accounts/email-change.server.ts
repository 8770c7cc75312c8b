import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { SqlState, sqlStateOf } from "~/platform/db/errors";
import type { Queryable } from "~/platform/db/client.server";
import { bookings, hiveAdoptions, profiles, sponsors, users, verifications } from "~/platform/db/schema";
import { enqueueTemplate } from "~/platform/mail/outbox.server";
import { failed, failedAs, isFailure, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import type { Actor, AuthState } from "./actor";
import { recordAuditEvent } from "./audit.server";
import { refuseStaffAtCustomerDoor } from "./customer-door";
import { checkForm } from "./form-input";
import { freshProofWays, requireFreshProof } from "./fresh-proof.server";
import { codeLimits, limits, tooManyAttemptsMessage } from "./limits";
import { EMAIL_TAKEN_MESSAGE, VALIDATION_ERROR_TITLE } from "./messages";
import { hasContactEmail } from "./no-email";
import type { RequestMeta } from "./request-meta";
import { deleteAllSessions } from "./session.server";
import { ChangeEmailSchema } from "./security-tab/account-change.schema";
import { EMAIL_CHANGE_FAILED_TITLE, EMAIL_CHANGE_LINK_EXPIRED, EMAIL_UNCHANGED_MESSAGE, emailChanged, emailChangeSent, EMAIL_CHANGE_UNDONE } from "./security-tab/account-change-messages";

/**
 * Changing one's e-mail address (the spec's PUT /user): asked for with a fresh proof, it changes
 * only when the link sent to the NEW address is followed; then the OLD address is told, with a
 * link that puts it back within 7 days and ends every session (whoever asked may hold the
 * account). The account's bookings and adoptions follow the account (its id), and guest bookings
 * made under the old, verified address are attached to it, so nothing is lost with the address.
 * Tokens are `<row id>.<secret>` with only an HMAC of the secret stored, in Better Auth's
 * `verifications` table, one live change per account.
 */
export const EMAIL_CHANGE_LINK_MS = 24 * 60 * 60 * 1000;
export const EMAIL_UNDO_MS = 7 * 24 * 60 * 60 * 1000;

type SessionRef = NonNullable<AuthState["session"]>;
type Stored = { userId: string; from: string; to: string; secret: string };
type Kind = "email-change" | "email-undo";

const refused = (status: 400 | 401 | 403 | 409 | 410 | 429, message: string, field?: "email") => failedAs(EMAIL_CHANGE_FAILED_TITLE, status, message, field ? { [field]: [message] } : undefined);
const digest = (secret: string, kind: Kind, value: string) => createHmac("sha256", secret).update(`${kind}\0${value}`).digest("base64url");
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function issueToken(tx: Queryable, platform: Platform, kind: Kind, stored: Omit<Stored, "secret">, lifetimeMs: number) {
  const id = crypto.randomUUID();
  const secret = randomBytes(32).toString("base64url");
  const now = platform.clock.now();
  // One live confirmation per account: a new request replaces the last (its link stops working).
  if (kind === "email-change") await tx.delete(verifications).where(eq(verifications.identifier, `${kind}:${stored.userId}`));
  const identifier = kind === "email-change" ? `${kind}:${stored.userId}` : `${kind}:${stored.userId}:${id}`;
  const value: Stored = { ...stored, secret: digest(platform.authSecret, kind, secret) };
  await tx.insert(verifications).values({ id, identifier, value: JSON.stringify(value), expiresAt: new Date(now + lifetimeMs), createdAt: new Date(now), updatedAt: new Date(now) });
  return `${id}.${secret}`;
}

/** Spends a token of this kind (once, whatever follows): what it carries, "expired", or null. */
async function spendToken(platform: Platform, kind: Kind, token: unknown): Promise<Stored | "expired" | null> {
  const match = typeof token === "string" ? /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) return null;
  const [, id, secret] = match;
  const [row] = await platform.db
    .delete(verifications)
    .where(and(eq(verifications.id, id!), sql`starts_with(${verifications.identifier}, ${`${kind}:`})`))
    .returning();
  if (!row) return null;
  const stored = JSON.parse(row.value) as Stored;
  if (!same(stored.secret, digest(platform.authSecret, kind, secret!))) return null;
  return row.expiresAt.getTime() > platform.clock.now() ? stored : "expired";
}

const linkTo = (platform: Platform, kind: "confirm" | "undo", token: string) => {
  const url = new URL("/email-change", platform.env.APP_URL);
  url.searchParams.set(kind, token);
  return url.href;
};

async function takenByAnother(db: Queryable, userId: string, email: string) {
  const [other] = await db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)));
  return Boolean(other);
}

/**
 * Asks for the change: a fresh proof (an account with no way to give one, a phone or wallet
 * account adding its first address, is adding, not changing), an address no other account has,
 * then the confirmation link to it. Nothing changes yet.
 */
export async function requestEmailChange(platform: Platform, actor: Actor, session: SessionRef | undefined, form: unknown, meta: RequestMeta): Promise<Result<{ email: string }>> {
  if (actor.kind === "anonymous") return failed(401, "Please log in first.");
  const customer = refuseStaffAtCustomerDoor(actor, "account");
  if (isFailure(customer)) return customer;
  const { db } = platform;
  const adding = !hasContactEmail(customer.email);
  if (!adding || (await freshProofWays(db, customer.userId)).ways.length > 0) {
    const unproven = await requireFreshProof(platform, session);
    if (unproven) return { ...unproven, title: EMAIL_CHANGE_FAILED_TITLE };
  }
  const checked = checkForm(ChangeEmailSchema, form, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const { email } = checked.value;
  if (email === customer.email.toLowerCase()) return refused(400, EMAIL_UNCHANGED_MESSAGE, "email");
  if (await takenByAnother(db, customer.userId, email)) return refused(409, EMAIL_TAKEN_MESSAGE, "email");
  const byAccount = await hitRateLimit(db, limits.emailChangeByAccount, customer.userId);
  if (!byAccount.allowed) return refused(429, tooManyAttemptsMessage(byAccount.retryAfterSeconds));
  const byEmail = await hitRateLimit(db, codeLimits.emailCodeByEmail, email);
  if (!byEmail.allowed) return refused(429, tooManyAttemptsMessage(byEmail.retryAfterSeconds));

  await db.transaction(async (tx) => {
    const token = await issueToken(tx, platform, "email-change", { userId: customer.userId, from: customer.email, to: email }, EMAIL_CHANGE_LINK_MS);
    await enqueueTemplate(tx, "email-change", { kind: "confirm", email, url: linkTo(platform, "confirm", token) }, { to: email, idempotencyKey: `email-change:${crypto.randomUUID()}` });
    await recordAuditEvent(tx, { type: "email_change_requested", userId: customer.userId, details: { to: email } }, meta);
  });
  return { ...succeeded({ email }), toast: emailChangeSent(email) };
}

/** Moves the account (and what hangs on its address) from one address to another, verified. */
async function moveAddress(tx: Queryable, userId: string, from: string, to: string) {
  const [before] = await tx.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  await tx.update(users).set({ email: to, emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
  await tx.update(profiles).set({ email: to }).where(eq(profiles.id, userId));
  await tx.update(sponsors).set({ email: to }).where(eq(sponsors.userId, userId));
  await tx.update(hiveAdoptions).set({ email: to }).where(eq(hiveAdoptions.userId, userId));
  // Guest bookings under a verified old address were this account's (my-bookings.server.ts):
  // they are attached to it by id, so they stay when the address goes.
  if (before?.verified && hasContactEmail(from)) {
    await tx.update(bookings).set({ userId }).where(and(isNull(bookings.userId), sql`lower(${bookings.guestEmail}) = ${from.toLowerCase()}`));
  }
}

/**
 * The link from the new address, followed (one click on the page it opens: mail scanners open
 * links too): the address becomes the account's, verified; the old one, if real, is told with
 * the undo link.
 */
export async function confirmEmailChange(platform: Platform, token: unknown, meta: RequestMeta): Promise<Result<{ email: string }>> {
  const spent = await spendToken(platform, "email-change", token);
  if (!spent || spent === "expired") return refused(410, EMAIL_CHANGE_LINK_EXPIRED);
  const { userId, to } = spent;
  try {
    await platform.db.transaction(async (tx) => {
      const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
      if (!current) throw new Gone();
      if (await takenByAnother(tx, userId, to)) throw new Taken();
      await moveAddress(tx, userId, current.email, to);
      if (hasContactEmail(current.email)) {
        const undo = await issueToken(tx, platform, "email-undo", { userId, from: current.email, to }, EMAIL_UNDO_MS);
        await enqueueTemplate(tx, "email-change", { kind: "changed", email: to, url: linkTo(platform, "undo", undo) }, { to: current.email, idempotencyKey: `email-changed:${crypto.randomUUID()}` });
      }
      await recordAuditEvent(tx, { type: "email_changed", userId, details: { from: current.email, to } }, meta);
    });
  } catch (error) {
    if (error instanceof Gone) return refused(410, EMAIL_CHANGE_LINK_EXPIRED);
    if (error instanceof Taken || sqlStateOf(error) === SqlState.uniqueViolation) return refused(409, EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  return { ...succeeded({ email: to }), toast: emailChanged(to) };
}

/**
 * The undo link sent to the old address, within 7 days: the old address comes back (unless
 * another account has taken it since) and every session of the account ends, as whoever changed
 * it may hold the account. The person signs in again, and may change their password.
 */
export async function undoEmailChange(platform: Platform, token: unknown, meta: RequestMeta): Promise<Result<{ email: string }>> {
  const spent = await spendToken(platform, "email-undo", token);
  if (!spent || spent === "expired") return refused(410, EMAIL_CHANGE_LINK_EXPIRED);
  const { userId, from, to } = spent;
  try {
    await platform.db.transaction(async (tx) => {
      const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
      if (!current) throw new Gone();
      if (await takenByAnother(tx, userId, from)) throw new Taken();
      await moveAddress(tx, userId, current.email, from);
      // Any later change still waiting for its link dies with this.
      await tx.delete(verifications).where(eq(verifications.identifier, `email-change:${userId}`));
      await deleteAllSessions(tx, userId);
      await recordAuditEvent(tx, { type: "email_change_undone", userId, details: { from: current.email, to: from, changedTo: to, sessionsEnded: true } }, meta);
    });
  } catch (error) {
    if (error instanceof Gone) return refused(410, EMAIL_CHANGE_LINK_EXPIRED);
    if (error instanceof Taken || sqlStateOf(error) === SqlState.uniqueViolation) return refused(409, EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  return { ...succeeded({ email: from }), toast: EMAIL_CHANGE_UNDONE };
}

class Gone extends Error {}
class Taken extends Error {}
