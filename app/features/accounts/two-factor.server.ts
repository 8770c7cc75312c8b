import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { randomInt } from "node:crypto";
import { queryRows, type Queryable } from "~/platform/db/client.server";
import { profiles, secondFactors, sessions, verifications } from "~/platform/db/schema";
import { failed, failedAs, succeeded, type RefusalStatus, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "~/platform/security/rate-limit.server";
import { ConfirmTotpSchema, CurrentSecondFactorSchema, type SecondFactorMethod } from "./admin.schema";
import { TotpNameSchema } from "./two-step/two-step.schema";
import type { AuthState } from "./actor";
import { recordAuditEvent, type AuditContext } from "./audit.server";
import { checkPhoneFactorCode, DEFAULT_TOTP_NAME, insertFactor, markFactorUsed } from "./factor-rows.server";
import { requireFreshProof } from "./fresh-proof.server";
import { checkForm } from "./form-input";
import { limits, tooManyAttemptsMessage } from "./limits";
import {
  INVALID_BACKUP_CODE_MESSAGE,
  INVALID_TOTP_MESSAGE,
  NEW_BACKUP_CODES,
  TOTP_NOT_CONFIGURED_MESSAGE,
  TWO_FACTOR_ALREADY_ON_MESSAGE,
  TWO_FACTOR_OFF,
  TWO_FACTOR_ON,
  TWO_FACTOR_REQUIRED_MESSAGE,
  TWO_FACTOR_SETUP_EXPIRED_MESSAGE,
  VERIFICATION_FAILED_TITLE,
} from "./messages";
import { hashBackupCode, openSecret, sealSecret } from "./secret-box.server";
import { markSecondFactorPassed } from "./session.server";
import { generateTotpSecret, matchTotpStep, totpUri } from "./totp";

/**
 * Two-factor authentication, for staff and sponsors alike: an authenticator app (TOTP) plus ten
 * single-use backup codes (the same number at both doors: ten is what staff already hold, and
 * the codes are the way back in when the phone is lost), beside the phone factors of
 * second-factors.server.ts. The secret is stored encrypted, backup codes as keyed hashes,
 * and every accepted code is spent in one conditional UPDATE, so two requests racing with
 * the same code cannot both succeed.
 */

export const BACKUP_CODE_COUNT = 10;
const BACKUP_CODE_LENGTH = 8;
const BACKUP_CODE_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
/** How long a started set-up (QR code shown, not yet confirmed) stays usable. */
export const SETUP_TTL_MS = 15 * 60 * 1000;

type Account = { userId: string; email: string };

/** A refusal of a code someone typed: "Verification Failed", under the code field. */
export const codeRefused = (status: RefusalStatus, message: string) => failedAs(VERIFICATION_FAILED_TITLE, status, message, { code: [message] });

export function generateBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: BACKUP_CODE_LENGTH }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join(""),
  );
}

/** `enabled`: any verified factor (every sign-in asks for one); `hasTotp`: an authenticator app among them. */
export async function getTwoFactorStatus(db: Queryable, userId: string) {
  const [row] = await db
    .select({ enabled: profiles.is2faEnabled, hasTotp: sql<boolean>`${profiles.totpSecret} is not null`, backupCodesLeft: sql<number>`cardinality(${profiles.backupCodes})` })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return { enabled: row?.enabled ?? false, hasTotp: Boolean(row?.hasTotp), backupCodesLeft: Number(row?.backupCodesLeft ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// Set-up. The secret waits in the verifications table (encrypted, 15 minutes) until the admin
// proves their app has it: it never travels back from the browser, so the browser cannot
// choose it, and reloading the page shows the same QR code instead of a new one.

const setupIdentifier = (userId: string) => `apiary:2fa-setup:${userId}`;
const setupContext = (userId: string) => `2fa-setup:${userId}`;

export type TwoFactorSetup = { secret: string; uri: string; qrCode: string; expiresAt: Date };

async function describeSetup(secret: string, email: string, expiresAt: Date): Promise<TwoFactorSetup> {
  const uri = totpUri(secret, email);
  // Loaded when someone sets up two-factor, not at every start.
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#1c2a22", light: "#ffffff" } });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`, expiresAt };
}

export async function startTwoFactorSetup(platform: Platform, account: Account & { session: AuthState["session"] }): Promise<Result<TwoFactorSetup>> {
  const { db } = platform;
  // Turning 2FA on binds the account to a new device: a session left open is not proof enough.
  const stale = await requireFreshProof(platform, account.session);
  if (stale) return stale;
  if ((await getTwoFactorStatus(db, account.userId)).hasTotp) return failed(409, TWO_FACTOR_ALREADY_ON_MESSAGE);
  const secret = generateTotpSecret();
  const expiresAt = new Date(Date.now() + SETUP_TTL_MS);
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, setupIdentifier(account.userId)));
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: setupIdentifier(account.userId),
      value: sealSecret(secret, platform.authSecret, setupContext(account.userId)),
      expiresAt,
    });
  });
  return succeeded(await describeSetup(secret, account.email, expiresAt));
}

async function pendingSecret(platform: Platform, userId: string) {
  const [row] = await platform.db
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(and(eq(verifications.identifier, setupIdentifier(userId)), sql`${verifications.expiresAt} > now()`))
    .limit(1);
  if (!row) return null;
  const secret = openSecret(row.value, platform.authSecret, setupContext(userId));
  return secret ? { secret, expiresAt: row.expiresAt } : null;
}

/** The set-up in progress, if any, to show again after a reload. */
export async function findTwoFactorSetup(platform: Platform, account: Account): Promise<TwoFactorSetup | null> {
  const pending = await pendingSecret(platform, account.userId);
  return pending ? describeSetup(pending.secret, account.email, pending.expiresAt) : null;
}

export async function cancelTwoFactorSetup(db: Queryable, userId: string) {
  await db.delete(verifications).where(eq(verifications.identifier, setupIdentifier(userId)));
}

/**
 * Turns 2FA on once the code from the app (the confirm form's field) matches. The session that
 * did it counts as having passed the second factor; the code's step is spent, so the same code
 * cannot then sign in. Returns the backup codes in plain text: the only time they exist outside
 * the user's hands.
 */
export async function confirmTwoFactorSetup(
  platform: Platform,
  account: Account & { sessionId: string },
  form: unknown,
  meta: AuditContext,
): Promise<Result<{ backupCodes: string[] }>> {
  const checked = checkForm(ConfirmTotpSchema, form, VERIFICATION_FAILED_TITLE);
  if (!checked.ok) return checked;
  const named = TotpNameSchema.safeParse(form);
  const friendlyName = named.success ? named.data.friendlyName : DEFAULT_TOTP_NAME;
  const { db } = platform;
  const locked = await peekRateLimit(db, limits.secondFactorFailuresByAccount, account.userId);
  if (!locked.allowed) return codeRefused(429, tooManyAttemptsMessage(locked.retryAfterSeconds));
  const pending = await pendingSecret(platform, account.userId);
  if (!pending) return codeRefused(410, TWO_FACTOR_SETUP_EXPIRED_MESSAGE);

  const step = matchTotpStep(pending.secret, checked.value.code, platform.clock.now());
  if (step === null) {
    await hitRateLimit(db, limits.secondFactorFailuresByAccount, account.userId);
    await recordAuditEvent(db, { type: "2fa_failed", userId: account.userId, details: { method: "totp", purpose: "setup" } }, meta);
    return codeRefused(400, INVALID_TOTP_MESSAGE);
  }

  const backupCodes = generateBackupCodes();
  const enabled = await db.transaction(async (tx) => {
    const rows = await tx
      .update(profiles)
      .set({
        is2faEnabled: true,
        totpSecret: sealSecret(pending.secret, platform.authSecret, account.userId),
        totpLastStep: step,
        backupCodes: backupCodes.map((c) => hashBackupCode(c, platform.authSecret, account.userId)),
      })
      .where(and(eq(profiles.id, account.userId), isNull(profiles.totpSecret)))
      .returning({ id: profiles.id });
    if (rows.length === 0) return false;
    await insertFactor(tx, account.userId, { kind: "totp", friendlyName });
    await cancelTwoFactorSetup(tx, account.userId);
    await markSecondFactorPassed(tx, account.sessionId);
    await recordAuditEvent(tx, { type: "2fa_enabled", userId: account.userId, details: { kind: "totp", name: friendlyName } }, meta);
    return true;
  });
  if (!enabled) return codeRefused(409, TWO_FACTOR_ALREADY_ON_MESSAGE);
  await clearRateLimit(db, limits.secondFactorFailuresByAccount, account.userId);
  return succeeded({ backupCodes }, TWO_FACTOR_ON.title, TWO_FACTOR_ON.description);
}

// ---------------------------------------------------------------------------------------------
// Spending a code.

export type CodeCheck = "accepted" | "invalid" | "not-configured";

/**
 * Accepts a TOTP code only for a step later than the last one accepted, in one UPDATE: a code
 * seen once (by us, or by someone looking over a shoulder) is dead.
 */
async function spendTotpStep(db: Queryable, userId: string, step: number) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update profiles set totp_last_step = ${step}
        where id = ${userId} and is_2fa_enabled and (totp_last_step is null or totp_last_step < ${step})
        returning id`,
  );
  return rows.length === 1;
}

/** Removes the code's hash only if it is there; the row count says whether it was. */
async function spendBackupCode(db: Queryable, userId: string, hash: string) {
  const rows = await queryRows<{ left: number }>(
    db,
    sql`update profiles set backup_codes = array_remove(backup_codes, ${hash})
        where id = ${userId} and is_2fa_enabled and ${hash} = any(backup_codes)
        returning cardinality(backup_codes) as left`,
  );
  return rows[0] ? { left: Number(rows[0].left) } : null;
}

/** Checks and spends one code. Records the use of a backup code; failures are the caller's to record. */
export async function spendSecondFactorCode(
  platform: Platform,
  userId: string,
  input: { method: SecondFactorMethod; code: string },
  meta: AuditContext,
  now = platform.clock.now(),
): Promise<CodeCheck> {
  const { db } = platform;
  if (input.method === "sms") {
    // The code texted for this sign-in (second-factors.server.ts challengePhoneFactor); its target is the factor.
    const check = await checkPhoneFactorCode(platform, "sign-in", userId, input.code);
    if (check.outcome !== "accepted") return "invalid";
    await markFactorUsed(db, check.target, new Date(now));
    return "accepted";
  }
  if (input.method === "backup") {
    const spent = await spendBackupCode(db, userId, hashBackupCode(input.code, platform.authSecret, userId));
    if (!spent) return "invalid";
    await recordAuditEvent(db, { type: "2fa_backup_code_used", userId, details: { backupCodesLeft: spent.left } }, meta);
    return "accepted";
  }
  const [row] = await db.select({ enabled: profiles.is2faEnabled, sealed: profiles.totpSecret }).from(profiles).where(eq(profiles.id, userId));
  if (!row?.enabled || !row.sealed) return "not-configured";
  const secret = openSecret(row.sealed, platform.authSecret, userId);
  if (!secret) {
    // Sealed under another AUTH_SECRET: the app's codes can no longer be checked.
    platform.logger.error({ userId }, "a TOTP secret could not be decrypted; was AUTH_SECRET changed?");
    return "not-configured";
  }
  const step = matchTotpStep(secret, input.code, now);
  if (step === null) return "invalid";
  if (!(await spendTotpStep(db, userId, step))) return "invalid";
  await db.update(secondFactors).set({ lastUsedAt: new Date(now) }).where(and(eq(secondFactors.userId, userId), eq(secondFactors.kind, "totp")));
  return "accepted";
}

export function codeFailureMessage(method: SecondFactorMethod, check: Exclude<CodeCheck, "accepted">) {
  if (check === "not-configured") return TOTP_NOT_CONFIGURED_MESSAGE;
  return method === "backup" ? INVALID_BACKUP_CODE_MESSAGE : INVALID_TOTP_MESSAGE;
}

/**
 * A code given by someone already signed in (turning 2FA off, renewing backup codes): limited
 * per account like the login step, and failures are recorded.
 */
async function checkCurrentCode(
  platform: Platform,
  userId: string,
  input: { method: SecondFactorMethod; code: string },
  purpose: string,
  meta: AuditContext,
): Promise<Result> {
  const { db } = platform;
  const locked = await peekRateLimit(db, limits.secondFactorFailuresByAccount, userId);
  if (!locked.allowed) return codeRefused(429, tooManyAttemptsMessage(locked.retryAfterSeconds));
  const check = await spendSecondFactorCode(platform, userId, input, meta);
  if (check !== "accepted") {
    await hitRateLimit(db, limits.secondFactorFailuresByAccount, userId);
    await recordAuditEvent(db, { type: "2fa_failed", userId, details: { method: input.method, purpose } }, meta);
    return codeRefused(400, codeFailureMessage(input.method, check));
  }
  await clearRateLimit(db, limits.secondFactorFailuresByAccount, userId);
  return succeeded(null);
}

/**
 * Turns 2FA off (every factor: the authenticator app, its backup codes, each phone), after a
 * fresh proof and with a current code (the form's field: an authenticator or a backup code).
 * Sessions elsewhere still waiting at the code step are ended: without 2FA they would otherwise
 * count as fully signed in. The site's rule that staff keep 2FA (REQUIRE_ADMIN_2FA) is the
 * caller's: a sponsor is free to turn it off.
 */
export async function disableTwoFactor(
  platform: Platform,
  account: Account & { sessionId: string; session?: AuthState["session"] },
  form: unknown,
  meta: AuditContext,
  rules: { required: boolean } = { required: platform.env.REQUIRE_ADMIN_2FA },
): Promise<Result> {
  const unproven = await requireFreshProof(platform, account.session);
  if (unproven) return unproven;
  const typed = checkForm(CurrentSecondFactorSchema, form, VERIFICATION_FAILED_TITLE);
  if (!typed.ok) return typed;
  const input = typed.value.code;
  if (rules.required) return codeRefused(403, TWO_FACTOR_REQUIRED_MESSAGE);
  const checked = await checkCurrentCode(platform, account.userId, input, "disable", meta);
  if (!checked.ok) return checked;
  await platform.db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ is2faEnabled: false, totpSecret: null, totpLastStep: null, backupCodes: [] })
      .where(eq(profiles.id, account.userId));
    await tx.delete(secondFactors).where(eq(secondFactors.userId, account.userId));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, account.userId), ne(sessions.id, account.sessionId), isNull(sessions.secondFactorAt)));
    await recordAuditEvent(tx, { type: "2fa_disabled", userId: account.userId, details: { method: input.method } }, meta);
  });
  return succeeded(null, TWO_FACTOR_OFF.title, TWO_FACTOR_OFF.description);
}

/** Replaces all backup codes (after a current code, the form's field); the old ones stop working at once. */
export async function regenerateBackupCodes(platform: Platform, account: Account, form: unknown, meta: AuditContext): Promise<Result<{ backupCodes: string[] }>> {
  const typed = checkForm(CurrentSecondFactorSchema, form, VERIFICATION_FAILED_TITLE);
  if (!typed.ok) return typed;
  const checked = await checkCurrentCode(platform, account.userId, typed.value.code, "regenerate-backup-codes", meta);
  if (!checked.ok) return checked;
  const backupCodes = generateBackupCodes();
  await platform.db
    .update(profiles)
    .set({ backupCodes: backupCodes.map((c) => hashBackupCode(c, platform.authSecret, account.userId)) })
    .where(and(eq(profiles.id, account.userId), eq(profiles.is2faEnabled, true)));
  await recordAuditEvent(platform.db, { type: "2fa_backup_codes_regenerated", userId: account.userId }, meta);
  return succeeded({ backupCodes }, NEW_BACKUP_CODES.title, NEW_BACKUP_CODES.description);
}
