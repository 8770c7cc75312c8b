import { and, asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { profiles, secondFactors } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { enqueueSms } from "~/platform/sms/outbox.server";
import { checkCode, issueCode, type CodeContext, type Issued } from "./one-time-code.server";

/**
 * The rows of a person's second factors, and the texted codes of a phone factor. Shared by the
 * authenticator app's set-up (two-factor.server.ts) and the factors' own commands
 * (second-factors.server.ts), so neither imports the other.
 */

export type FactorKind = "totp" | "phone";
export type FactorRow = { id: string; kind: FactorKind; friendlyName: string; phoneNumber: string | null; createdAt: Date; lastUsedAt: Date | null };

/** The name an authenticator app gets when its set-up names none (and the one given to those set up before names existed). */
export const DEFAULT_TOTP_NAME = "Authenticator app";

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const rows = await db
    .select({
      id: secondFactors.id,
      kind: secondFactors.kind,
      friendlyName: secondFactors.friendlyName,
      phoneNumber: secondFactors.phoneNumber,
      createdAt: secondFactors.createdAt,
      lastUsedAt: secondFactors.lastUsedAt,
    })
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.id));
  return rows.map((row) => ({ ...row, kind: row.kind as FactorKind }));
}

/** A verified factor, in the caller's transaction; any factor makes every new session ask for one (aal2). */
export async function insertFactor(tx: Queryable, userId: string, factor: { kind: FactorKind; friendlyName: string; phoneNumber?: string | null }) {
  const [row] = await tx
    .insert(secondFactors)
    .values({ userId, kind: factor.kind, friendlyName: factor.friendlyName, phoneNumber: factor.phoneNumber ?? null })
    .returning({ id: secondFactors.id });
  await tx.update(profiles).set({ is2faEnabled: true }).where(eq(profiles.id, userId));
  return row!.id;
}

/**
 * Keeps the profile's 2FA flag (what session.server.ts reads at every request) equal to "has a
 * factor", after one is removed. The authenticator's secret and the backup codes go with the
 * authenticator app. Answers whether any factor is left.
 */
export async function syncTwoFactorFlag(tx: Queryable, userId: string): Promise<boolean> {
  const [left] = await tx
    .select({ totp: sql<boolean>`bool_or(${secondFactors.kind} = 'totp')`, any: sql<number>`count(*)` })
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId));
  const hasTotp = Boolean(left?.totp);
  const any = Number(left?.any ?? 0) > 0;
  await tx
    .update(profiles)
    .set({ is2faEnabled: any, ...(hasTotp ? {} : { totpSecret: null, totpLastStep: null, backupCodes: [] }) })
    .where(eq(profiles.id, userId));
  return any;
}

export async function markFactorUsed(db: Queryable, factorId: string, at: Date) {
  await db.update(secondFactors).set({ lastUsedAt: at }).where(eq(secondFactors.id, factorId));
}

export async function findPhoneFactor(db: Queryable, userId: string, factorId: string | undefined) {
  const [row] = await db
    .select({ id: secondFactors.id, phoneNumber: secondFactors.phoneNumber, friendlyName: secondFactors.friendlyName })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), eq(secondFactors.kind, "phone"), factorId ? eq(secondFactors.id, factorId) : sql`true`))
    .orderBy(asc(secondFactors.createdAt))
    .limit(1);
  return row?.phoneNumber ? { id: row.id, phone: row.phoneNumber, friendlyName: row.friendlyName } : null;
}

// ---------------------------------------------------------------------------------------------
// Texted codes. One live code per person and purpose: "enrol" proves a new number is theirs,
// "sign-in" is the code a sign-in waits for (its target is the factor it was sent to).

export type PhoneCodeUse = "enrol" | "sign-in";

const codeContext = (platform: Platform): CodeContext => ({ db: platform.db, secret: platform.authSecret, now: platform.clock.now() });
const subjectOf = (use: PhoneCodeUse, userId: string) => `${use}:${userId}`;

/** The text: the code first (lock screens show the start), and the WebOTP line browsers autofill from. */
export function secondFactorText(code: string, appUrl: string) {
  return `${code} is your Apiary verification code. It works for 10 minutes. Never share it.\n\n@${new URL(appUrl).host} #${code}`;
}

export function sendPhoneFactorCode(platform: Platform, use: PhoneCodeUse, userId: string, phone: string, target: string): Promise<Issued> {
  return issueCode(codeContext(platform), { purpose: "second-factor", channel: "sms", subject: subjectOf(use, userId), target, withLink: false }, (tx, { code }) =>
    enqueueSms(tx, { purpose: "second-factor-code", to: phone, body: secondFactorText(code, platform.env.APP_URL), idempotencyKey: `second-factor-code:${crypto.randomUUID()}` }),
  );
}

export function checkPhoneFactorCode(platform: Platform, use: PhoneCodeUse, userId: string, code: string) {
  return checkCode(codeContext(platform), { purpose: "second-factor", channel: "sms", subject: subjectOf(use, userId), code });
}
