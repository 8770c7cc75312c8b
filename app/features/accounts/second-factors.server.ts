import { and, eq, isNull, ne } from "drizzle-orm";
import { profiles, secondFactors, sessions, users } from "~/platform/db/schema";
import { failed, failedAs, succeeded, type Refusal, type Result } from "~/platform/result";
import type { Queryable } from "~/platform/db/client.server";
import { enqueueTemplate } from "~/platform/mail/outbox.server";
import type { Platform } from "~/platform/runtime.server";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "~/platform/security/rate-limit.server";
import { formatDate } from "~/ui/format";
import type { Actor, AuthState } from "./actor";
import { recordAuditEvent, recordChange, type AuditContext } from "./audit.server";
import { checkPhoneFactorCode, findPhoneFactor, insertFactor, listFactors, sendPhoneFactorCode, syncTwoFactorFlag } from "./factor-rows.server";
import { checkForm } from "./form-input";
import { requireFreshProof } from "./fresh-proof.server";
import { hasContactEmail } from "./no-email";
import { codeLimits, limits, tooManyAttemptsMessage } from "./limits";
import { CODE_ENDED_MESSAGE, CODE_WRONG_MESSAGE, codeWaitMessage, PHONE_INVALID_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE, VERIFICATION_FAILED_TITLE } from "./messages";
import { assertCan, can, ForbiddenError, worksInBackOffice } from "./permissions";
import { formatPhone, toE164 } from "./phone-number.server";
import type { RequestMeta } from "./request-meta";
import { listRoles } from "./roles.server";
import { markSecondFactorPassed } from "./session.server";
import { AddPhoneFactorSchema, PhoneChallengeSchema, RemoveFactorSchema, ResetFactorsSchema, VerifyPhoneFactorSchema } from "./two-step/two-step.schema";
import {
  FACTOR_NOT_FOUND_MESSAGE,
  FACTOR_RESET_ADMIN_ONLY_MESSAGE,
  FACTOR_RESET_SELF_MESSAGE,
  factorCodeSent,
  factorRemoved,
  factorsReset,
  NO_PHONE_FACTOR_MESSAGE,
  PHONE_FACTOR_EXISTS_MESSAGE,
  PHONE_FACTOR_MISMATCH_MESSAGE,
  phoneFactorAdded,
  TWO_STEP_FAILED_TITLE,
} from "./two-step/two-step-messages";

/**
 * The catalogue's factors (POST /factors, /factors/{id}/challenge, /verify, DELETE) for the
 * phone, and what is common to every factor: listing, removing one, and an administrator's reset
 * when someone has lost them all. The authenticator app's own set-up is two-factor.server.ts.
 * Texts cost money and codes can be guessed: the limits are those of the sign-in codes.
 */

/** The last factor of someone the site requires to keep 2FA: the removal is rolled back. */
class KeptRequired extends Error {}

type Account = { userId: string; sessionId: string; session?: AuthState["session"] };

const refused = (status: 400 | 401 | 403 | 404 | 409 | 429, message: string, field?: string) =>
  failedAs(TWO_STEP_FAILED_TITLE, status, message, field ? { [field]: [message] } : undefined);

/** A factor as its owner's page lists it: the number in full (it is theirs), dates written out. */
export type ShownFactor = { id: string; kind: "totp" | "phone"; friendlyName: string; phone: string | null; added: string; lastUsed: string | null };

export async function listShownFactors(platform: Platform, userId: string): Promise<ShownFactor[]> {
  const rows = await listFactors(platform.db, userId);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    friendlyName: row.friendlyName,
    phone: row.phoneNumber ? formatPhone(row.phoneNumber) : null,
    added: formatDate(row.createdAt),
    lastUsed: row.lastUsedAt ? formatDate(row.lastUsedAt) : null,
  }));
}

/** Texts limited per client address and per number, as the phone sign-in's are. */
async function textAllowed(platform: Platform, phone: string, meta: RequestMeta) {
  for (const [rule, key] of [
    [codeLimits.smsCodeByAddress, meta.clientAddress],
    [codeLimits.smsCodeByNumber, phone],
    [codeLimits.smsCodeByNumberDaily, phone],
  ] as const) {
    const hit = await hitRateLimit(platform.db, rule, key);
    if (!hit.allowed) return hit;
  }
  return null;
}

/** POST /factors (phone): a code is texted to the new number; nothing is kept until it comes back. */
export async function startPhoneFactor(platform: Platform, account: Account, form: unknown, meta: RequestMeta): Promise<Result<{ phone: string; shown: string; friendlyName: string }>> {
  const checked = checkForm(AddPhoneFactorSchema, form, TWO_STEP_FAILED_TITLE);
  if (!checked.ok) return checked;
  const phone = toE164(checked.value.phone);
  if (!phone) return refused(400, PHONE_INVALID_MESSAGE, "phone");
  const existing = await listFactors(platform.db, account.userId);
  if (existing.some((factor) => factor.phoneNumber === phone)) return refused(409, PHONE_FACTOR_EXISTS_MESSAGE, "phone");
  const limited = await textAllowed(platform, phone, meta);
  if (limited) return refused(429, tooManyAttemptsMessage(limited.retryAfterSeconds), "phone");
  const issued = await sendPhoneFactorCode(platform, "enrol", account.userId, phone, phone);
  if (!issued.sent) return refused(429, codeWaitMessage(issued.waitSeconds), "phone");
  const shown = formatPhone(phone);
  return { ...succeeded({ phone, shown, friendlyName: checked.value.friendlyName }), toast: factorCodeSent(shown) };
}

/** POST /factors/{id}/verify for a new phone: the texted code proves the number; the factor is kept and this session counts as past it. */
export async function verifyPhoneFactor(platform: Platform, account: Account, form: unknown, meta: RequestMeta): Promise<Result<{ factorId: string }>> {
  const checked = checkForm(VerifyPhoneFactorSchema, form, TWO_STEP_FAILED_TITLE);
  if (!checked.ok) return checked;
  const phone = toE164(checked.value.phone);
  if (!phone) return refused(400, PHONE_INVALID_MESSAGE, "phone");
  const { db } = platform;
  const tries = await hitRateLimit(db, codeLimits.codeTriesByAddress, meta.clientAddress);
  if (!tries.allowed) return refused(429, tooManyAttemptsMessage(tries.retryAfterSeconds), "code");
  const check = await checkPhoneFactorCode(platform, "enrol", account.userId, checked.value.code);
  if (check.outcome !== "accepted") {
    await recordAuditEvent(db, { type: "2fa_failed", userId: account.userId, details: { method: "sms", purpose: "setup", reason: check.outcome } }, meta);
    return refused(401, check.outcome === "wrong" ? CODE_WRONG_MESSAGE : CODE_ENDED_MESSAGE, "code");
  }
  // The code proves the number it was sent to, not one typed afterwards.
  if (check.target !== phone) return refused(400, PHONE_FACTOR_MISMATCH_MESSAGE, "code");
  const { friendlyName } = checked.value;
  const factorId = await db.transaction(async (tx) => {
    const [duplicate] = await tx
      .select({ id: secondFactors.id })
      .from(secondFactors)
      .where(and(eq(secondFactors.userId, account.userId), eq(secondFactors.phoneNumber, phone)));
    if (duplicate) return null;
    const id = await insertFactor(tx, account.userId, { kind: "phone", friendlyName, phoneNumber: phone });
    await markSecondFactorPassed(tx, account.sessionId);
    await recordAuditEvent(tx, { type: "2fa_factor_added", userId: account.userId, details: { kind: "phone", name: friendlyName } }, meta);
    return id;
  });
  if (!factorId) return refused(409, PHONE_FACTOR_EXISTS_MESSAGE, "phone");
  return { ...succeeded({ factorId }), toast: phoneFactorAdded(friendlyName, formatPhone(phone)) };
}

/**
 * DELETE /factors/{id}: after a fresh proof. The last factor gone, sign-ins ask for one step again,
 * and sessions elsewhere still waiting at the code step end (they would otherwise count as signed
 * in). Staff whom the site requires to keep 2FA cannot remove their last factor.
 */
export async function removeFactor(platform: Platform, account: Account, form: unknown, meta: RequestMeta, rules: { required: boolean }): Promise<Result> {
  const unproven = await requireFreshProof(platform, account.session);
  if (unproven) return unproven;
  const checked = checkForm(RemoveFactorSchema, form, TWO_STEP_FAILED_TITLE);
  if (!checked.ok) return checked;
  const outcome = await platform.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(secondFactors)
      .where(and(eq(secondFactors.id, checked.value.factorId), eq(secondFactors.userId, account.userId)))
      .returning({ kind: secondFactors.kind, friendlyName: secondFactors.friendlyName });
    if (!removed) return { kind: "missing" as const };
    const anyLeft = await syncTwoFactorFlag(tx, account.userId);
    // Thrown to roll the removal back: nothing is removed.
    if (!anyLeft && rules.required) throw new KeptRequired();
    if (!anyLeft) {
      await tx.delete(sessions).where(and(eq(sessions.userId, account.userId), ne(sessions.id, account.sessionId), isNull(sessions.secondFactorAt)));
    }
    await recordAuditEvent(tx, { type: "2fa_factor_removed", userId: account.userId, details: { kind: removed.kind, name: removed.friendlyName, anyLeft } }, meta);
    return { kind: "removed" as const, name: removed.friendlyName, anyLeft };
  }).catch((error: unknown) => {
    if (error instanceof KeptRequired) return { kind: "required" as const };
    throw error;
  });
  if (outcome.kind === "missing") return refused(404, FACTOR_NOT_FOUND_MESSAGE);
  if (outcome.kind === "required") return refused(403, TWO_FACTOR_REQUIRED_MESSAGE);
  return { ...succeeded(null), toast: factorRemoved(outcome.name, outcome.anyLeft) };
}

// ---------------------------------------------------------------------------------------------
// The sign-in's code step: POST /factors/{id}/challenge (channel sms). The code it texts is spent
// by the step's Verify like an authenticator code (two-factor.server.ts spendSecondFactorCode).

export type PendingSession = NonNullable<AuthState["pendingSecondFactor"]>;

/** The phone factors a waiting sign-in can be texted at, the number partly hidden (the person is not fully signed in yet). */
export async function phonesForSignIn(platform: Platform, userId: string) {
  const rows = await listFactors(platform.db, userId);
  return rows.filter((row) => row.kind === "phone" && row.phoneNumber).map((row) => ({ id: row.id, friendlyName: row.friendlyName, shown: maskPhone(row.phoneNumber!) }));
}

/** "+1 ••• ••• 0100": enough for the person to know which phone, too little to learn a number. */
export function maskPhone(e164: string) {
  const [country = "", ...rest] = formatPhone(e164).split(" ");
  const national = rest.join(" ");
  let hidden = national.replace(/\D/g, "").length - 4;
  return `${country} ${national.replace(/\d/g, (digit) => (hidden-- > 0 ? "•" : digit))}`;
}

export async function challengePhoneFactor(platform: Platform, pending: PendingSession | undefined, form: unknown, meta: RequestMeta): Promise<Result<{ shown: string }>> {
  if (!pending) return failedAs(VERIFICATION_FAILED_TITLE, 401, NO_PHONE_FACTOR_MESSAGE);
  const checked = checkForm(PhoneChallengeSchema, form, VERIFICATION_FAILED_TITLE);
  if (!checked.ok) return checked;
  const factor = await findPhoneFactor(platform.db, pending.userId, checked.value.factorId);
  if (!factor) return failedAs(VERIFICATION_FAILED_TITLE, 404, NO_PHONE_FACTOR_MESSAGE);
  const locked = await peekRateLimit(platform.db, limits.secondFactorFailuresByAccount, pending.userId);
  if (!locked.allowed) return failedAs(VERIFICATION_FAILED_TITLE, 429, tooManyAttemptsMessage(locked.retryAfterSeconds));
  const limited = await textAllowed(platform, factor.phone, meta);
  if (limited) return failedAs(VERIFICATION_FAILED_TITLE, 429, tooManyAttemptsMessage(limited.retryAfterSeconds));
  const issued = await sendPhoneFactorCode(platform, "sign-in", pending.userId, factor.phone, factor.id);
  if (!issued.sent) return failedAs(VERIFICATION_FAILED_TITLE, 429, codeWaitMessage(issued.waitSeconds));
  const shown = maskPhone(factor.phone);
  return { ...succeeded({ shown }), toast: factorCodeSent(shown) };
}

// ---------------------------------------------------------------------------------------------
// Lost everything: a staff member resets a person's factors (User Management's row action).

/**
 * Whether `actor` may reset this person's factors: a sponsor's for whoever may update sponsors or
 * users, anyone else's for whoever may update users; a back-office account's only by an
 * administrator, and never one's own (an administrator locked out asks another).
 */
export function mayResetFactorsOf(actor: Actor, person: { userId: string; isSponsor: boolean; backOffice: boolean }): boolean {
  if (actor.kind !== "staff") return false;
  if (!((person.isSponsor && can(actor, "sponsors", "update")) || can(actor, "users", "update"))) return false;
  if (person.backOffice) return actor.isAdministrator && actor.userId !== person.userId;
  return true;
}

/** The person whose factors a staff member may take away (factorResetTarget), as the reset needs them. */
export type FactorResetTarget = { userId: string; email: string; backOffice: boolean };

/**
 * The one rule for taking all of a person's factors away, whichever button does it (Reset Second
 * Factors, Edit Profile's 2FA box unticked): the permission of the person's own screen (throws
 * without it), a back-office account's only by an administrator other than its owner, and a fresh
 * proof of the staff member. Answers the person, or the refusal. `db` may be the caller's
 * transaction (Edit Profile reads the person under its lock).
 */
export async function factorResetTarget(
  { platform, actor, session }: { platform: Platform; actor: Actor; session?: AuthState["session"] },
  db: Queryable,
  userId: string,
): Promise<{ ok: true; target: FactorResetTarget } | Refusal> {
  if (actor.kind !== "staff") throw new ForbiddenError("users", "update");
  const [person] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  if (!person) return failed(404, "This account no longer exists.");
  const roles = await listRoles(db, userId);
  const backOffice = worksInBackOffice(roles);
  const isSponsor = roles.includes("customer");
  // Wherever the button sits, the permission is that of the person's own screen.
  if (!((isSponsor && can(actor, "sponsors", "update")) || can(actor, "users", "update"))) throw new ForbiddenError(isSponsor ? "sponsors" : "users", "update");
  if (backOffice && !actor.isAdministrator) return failed(403, FACTOR_RESET_ADMIN_ONLY_MESSAGE);
  if (backOffice && actor.userId === userId) return failed(403, FACTOR_RESET_SELF_MESSAGE);
  // Taking someone's second step away is half of taking their account: the one doing it proves it is still them.
  const unproven = await requireFreshProof({ db, clock: platform.clock }, session);
  if (unproven) return unproven;
  return { ok: true, target: { userId, email: person.email, backOffice } };
}

/**
 * What taking all of a person's factors away does, in the caller's transaction: every factor row,
 * the authenticator's secret and the backup codes go; every session of theirs ends (one waiting at
 * the code step would otherwise count as signed in); the person is told by e-mail; audited as
 * `2fa_reset_by_staff` under `module`. Call clearFactorLock once the transaction is committed.
 */
export async function removeAllFactors(tx: Queryable, platform: Platform, actor: Actor, meta: AuditContext, module: "users" | "sponsors", target: FactorResetTarget) {
  const { userId, email } = target;
  const removed = await tx.delete(secondFactors).where(eq(secondFactors.userId, userId)).returning({ kind: secondFactors.kind });
  await tx.update(profiles).set({ is2faEnabled: false, totpSecret: null, totpLastStep: null, backupCodes: [] }).where(eq(profiles.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  // An account without an e-mail address (phone, wallet) is not told by e-mail: it has none.
  if (hasContactEmail(email)) {
    await enqueueTemplate(
      tx,
      "account-notice",
      { kind: "two-factor-turned-off", loginUrl: new URL(target.backOffice ? "/auth" : "/customer-auth", platform.env.APP_URL).href },
      { to: email, idempotencyKey: `account-notice:2fa-off:${userId}:${crypto.randomUUID()}` },
    );
  }
  await recordChange(tx, actor, { module, action: "update", recordId: userId, event: "2fa_reset_by_staff", details: { email, factorsRemoved: removed.length, sessionsEnded: true } }, meta);
}

/** After the factors are gone, a lock made by guessing codes for them goes too. */
export async function clearFactorLock(platform: Platform, userId: string) {
  await clearRateLimit(platform.db, limits.secondFactorFailuresByAccount, userId);
}

export async function resetFactorsByStaff(
  ctx: { platform: Platform; actor: Actor; meta: AuditContext; session?: AuthState["session"] },
  module: "users" | "sponsors",
  input: unknown,
): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, module, "update");
  if (actor.kind !== "staff") throw new ForbiddenError(module, "update");
  const parsed = ResetFactorsSchema.safeParse(input);
  if (!parsed.success) return failed(404, "This account no longer exists.");
  const allowed = await factorResetTarget(ctx, platform.db, parsed.data.userId);
  if (!allowed.ok) return allowed;
  const { target } = allowed;
  await platform.db.transaction((tx) => removeAllFactors(tx, platform, actor, meta, module, target));
  await clearFactorLock(platform, target.userId);
  return { ...succeeded(null), toast: factorsReset(target.email) };
}
