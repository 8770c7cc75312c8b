import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "~/platform/db/client.server";
import { verifications } from "~/platform/db/schema";

/**
 * One-time codes sent by e-mail or text message (sign-in, proving a new address). One row of
 * Better Auth's `verifications` table per purpose and subject, so a new code replaces the earlier
 * one. Nothing secret is stored as sent: the identifier, the 6-digit code and the link's secret
 * are HMAC-SHA256 digests under the server's secret (a 6-digit code's plain hash could be
 * reversed by trying all million; its HMAC cannot without the secret).
 *
 * Rules: a code lives 10 minutes (on the platform's clock), is spent by its first correct use,
 * ends after 5 wrong tries, and a new one can be asked for 60 s after the last.
 */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const RESEND_WAIT_MS = 60 * 1000;
export const MAX_WRONG_CODES = 5;

export type CodePurpose = "sign-in" | "add-email" | "link-phone" | "second-factor" | "reauthenticate";
export type CodeChannel = "email" | "sms";
type Stored = { code: string; link: string | null; attempts: number; sentAt: number; target: string };
export type CodeContext = { db: Database; secret: string; now: number };

const hmac = (secret: string, label: string, value: string) => createHmac("sha256", secret).update(`${label}\0${value}`).digest("base64url");
const identifierOf = (secret: string, purpose: CodePurpose, channel: CodeChannel, subject: string) =>
  `otp:${purpose}:${channel}:${hmac(secret, "otp-subject", subject.toLowerCase())}`;
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Serialises the work on one identifier (two resends at once must not leave two live codes). */
async function lockIdentifier(tx: Queryable, identifier: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${identifier}, 0))`);
}

export type Issued = { sent: true; code: string; linkToken: string | null } | { sent: false; waitSeconds: number };

/**
 * A new code for `subject` (the address or number it proves, or the account it is for), replacing
 * any earlier one, unless the last was sent less than 60 s ago. `target` is what the code proves
 * (kept with it: the link names no address). With `withLink`, also a link token for the e-mail.
 */
export async function issueCode(
  { db, secret, now }: CodeContext,
  { purpose, channel, subject, target, withLink }: { purpose: CodePurpose; channel: CodeChannel; subject: string; target: string; withLink: boolean },
  /** Queues the message in the same transaction: the code exists exactly when its message does. */
  deliver: (tx: Queryable, issued: { code: string; linkToken: string | null }) => Promise<unknown>,
): Promise<Issued> {
  const identifier = identifierOf(secret, purpose, channel, subject);
  return db.transaction(async (tx) => {
    await lockIdentifier(tx, identifier);
    const [earlier] = await tx.select().from(verifications).where(eq(verifications.identifier, identifier));
    if (earlier) {
      const stored = JSON.parse(earlier.value) as Stored;
      const waited = now - stored.sentAt;
      if (waited < RESEND_WAIT_MS && earlier.expiresAt.getTime() > now) return { sent: false, waitSeconds: Math.ceil((RESEND_WAIT_MS - waited) / 1000) };
      await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const id = crypto.randomUUID();
    const linkSecret = withLink ? randomBytes(32).toString("base64url") : null;
    const value: Stored = { code: hmac(secret, "otp-code", code), link: linkSecret && hmac(secret, "otp-link", linkSecret), attempts: 0, sentAt: now, target };
    await tx.insert(verifications).values({ id, identifier, value: JSON.stringify(value), expiresAt: new Date(now + CODE_LIFETIME_MS) });
    const linkToken = linkSecret && `${id}.${linkSecret}`;
    await deliver(tx, { code, linkToken });
    return { sent: true, code, linkToken };
  });
}

export type CodeCheck = { outcome: "accepted"; target: string } | { outcome: "wrong"; triesLeft: number } | { outcome: "ended" | "expired" | "missing" };

/**
 * Checks a typed code. The right one is spent (the row goes); a wrong one counts, and the fifth
 * wrong one ends the code. `missing` also covers a subject that was never sent a code: the
 * answer is the same either way.
 */
export async function checkCode({ db, secret, now }: CodeContext, { purpose, channel, subject, code }: { purpose: CodePurpose; channel: CodeChannel; subject: string; code: string }): Promise<CodeCheck> {
  const identifier = identifierOf(secret, purpose, channel, subject);
  return db.transaction(async (tx) => {
    await lockIdentifier(tx, identifier);
    const [row] = await tx.select().from(verifications).where(eq(verifications.identifier, identifier));
    if (!row) return { outcome: "missing" };
    const stored = JSON.parse(row.value) as Stored;
    if (row.expiresAt.getTime() <= now) {
      await tx.delete(verifications).where(eq(verifications.id, row.id));
      return { outcome: "expired" };
    }
    if (same(stored.code, hmac(secret, "otp-code", code))) {
      await tx.delete(verifications).where(eq(verifications.id, row.id));
      return { outcome: "accepted", target: stored.target };
    }
    const attempts = stored.attempts + 1;
    if (attempts >= MAX_WRONG_CODES) {
      await tx.delete(verifications).where(eq(verifications.id, row.id));
      return { outcome: "ended" };
    }
    await tx.update(verifications).set({ value: JSON.stringify({ ...stored, attempts }), updatedAt: new Date(now) }).where(eq(verifications.id, row.id));
    return { outcome: "wrong", triesLeft: MAX_WRONG_CODES - attempts };
  });
}

/** Spends an e-mailed link (`<row id>.<secret>`): the target it proves, or null (unknown, spent, replaced or expired). */
export async function spendLink({ db, secret, now }: CodeContext, { purpose, token }: { purpose: CodePurpose; token: string }): Promise<{ target: string } | null> {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, linkSecret] = match;
  const prefix = `otp:${purpose}:email:`;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(verifications).where(and(eq(verifications.id, id!), sql`starts_with(${verifications.identifier}, ${prefix})`)).for("update");
    if (!row) return null;
    const stored = JSON.parse(row.value) as Stored;
    if (!stored.link || !same(stored.link, hmac(secret, "otp-link", linkSecret!))) return null;
    await tx.delete(verifications).where(eq(verifications.id, row.id));
    return row.expiresAt.getTime() > now ? { target: stored.target } : null;
  });
}
