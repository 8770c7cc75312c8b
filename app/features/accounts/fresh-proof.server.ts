import { and, count, eq, isNotNull } from "drizzle-orm";
import { accounts, passkeys, profiles, sessions, users } from "~/platform/db/schema";
import { enqueueTemplate } from "~/platform/mail/outbox.server";
import { failed, failedAs, succeeded, type Refusal, type Result } from "~/platform/result";
import type { Queryable } from "~/platform/db/client.server";
import type { Platform } from "~/platform/runtime.server";
import { verifyPassword } from "~/platform/security/password-hash.server";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "~/platform/security/rate-limit.server";
import type { AuthState } from "./actor";
import { recordAuditEvent } from "./audit.server";
import { checkForm } from "./form-input";
import { CONFIRM_IT_IS_YOU_FIRST, CONFIRM_IT_IS_YOU_TITLE, FRESH_PROOF_FIELD, ProofSchema, type ProofWay } from "./fresh-proof/fresh-proof.schema";
import { codeLimits, limits, tooManyAttemptsMessage } from "./limits";
import { codeWaitMessage } from "./messages";
import { hasContactEmail } from "./no-email";
import { checkCode, issueCode, type CodeContext } from "./one-time-code.server";
import { checkPasskeyProof } from "./passkeys.server";
import type { RequestMeta } from "./request-meta";
import { spendSecondFactorCode } from "./two-factor.server";

/** How long a proof of who one is lasts for the changes that ask for one (the spec's GET /reauthenticate). */
export const FRESH_PROOF_MS = 5 * 60 * 1000;

export const NOT_YOUR_PASSWORD = "That is not your password.";
export const WRONG_PROOF_CODE = "That code is not right. Check it and try again.";
export const PROOF_CODE_ENDED = "That code has expired or was used. Ask for a new one.";
export const PASSKEY_PROOF_FAILED = "That passkey could not confirm it's you. Try again, or choose another way.";
export const WAY_NOT_AVAILABLE = "This way to confirm it's you is not set up for your account.";
export const PROVEN = "Thank you: for the next 5 minutes you will not be asked again.";

type SessionRef = NonNullable<AuthState["session"]>;
/** The clock, and the database or the caller's transaction (a command that checks under its own lock). */
type ProofReader = { db: Queryable; clock: Platform["clock"] };

export { CONFIRM_IT_IS_YOU_FIRST, CONFIRM_IT_IS_YOU_TITLE, FRESH_PROOF_FIELD };

/**
 * The guard of every change that asks for a recent proof (changing the password or e-mail,
 * removing a sign-in way or a factor, turning 2FA off, resetting someone's password or factors):
 * null while the session's last proof is under five minutes old, else the refusal (401, under
 * `freshProof`) that makes the page ask for one (fresh-proof/fresh-proof-step.tsx) before the
 * change is sent again.
 */
export async function requireFreshProof(platform: ProofReader, session: SessionRef | undefined): Promise<Refusal | null> {
  if (!(await needsFreshProof(platform, session))) return null;
  return failed(401, CONFIRM_IT_IS_YOU_FIRST, { [FRESH_PROOF_FIELD]: [CONFIRM_IT_IS_YOU_FIRST] });
}

/**
 * Whether this session's last proof (signing in, its second factor, or confirming again) is
 * older than five minutes on the platform's clock. A request without a session has none.
 */
export async function needsFreshProof(platform: ProofReader, session: SessionRef | undefined): Promise<boolean> {
  if (!session) return true;
  const now = platform.clock.now();
  if (now - session.createdAt.getTime() <= FRESH_PROOF_MS) return false;
  const [row] = await platform.db.select({ secondFactorAt: sessions.secondFactorAt, provenAt: sessions.provenAt }).from(sessions).where(eq(sessions.id, session.id));
  const last = Math.max(session.createdAt.getTime(), row?.secondFactorAt?.getTime() ?? 0, row?.provenAt?.getTime() ?? 0);
  return now - last > FRESH_PROOF_MS;
}

/** Starts a new five minutes for this session: a proof was just given (here, or by a command that took one itself). */
export async function markProven(platform: Pick<Platform, "db" | "clock">, sessionId: string) {
  await platform.db.update(sessions).set({ provenAt: new Date(platform.clock.now()) }).where(eq(sessions.id, sessionId));
}

export type ProofWays = { ways: ProofWay[]; email: string | null };

/**
 * The ways this person can confirm it's them, and only those: their password if they have one,
 * a passkey if they added one, their authenticator if 2FA is on, a code by e-mail if their
 * address is a verified, real one (phone and wallet accounts have none).
 */
export async function freshProofWays(db: Platform["db"], userId: string): Promise<ProofWays> {
  const [[person], [credential], [keys]] = await Promise.all([
    db.select({ email: users.email, verified: users.emailVerified, twoFactor: profiles.is2faEnabled }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, userId)),
    db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password))),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
  ]);
  const email = person && person.verified && hasContactEmail(person.email) ? person.email : null;
  const ways: ProofWay[] = [];
  if (credential) ways.push("password");
  if ((keys?.n ?? 0) > 0) ways.push("passkey");
  if (person?.twoFactor) ways.push("totp");
  if (email) ways.push("email-code");
  return { ways, email };
}

const codeContext = (platform: Platform): CodeContext => ({ db: platform.db, secret: platform.authSecret, now: platform.clock.now() });
const refused = (status: 400 | 401 | 403 | 404 | 429, message: string, field?: "password" | "code" | "response") =>
  failedAs(CONFIRM_IT_IS_YOU_TITLE, status, message, field ? { [field]: [message] } : undefined);

/**
 * The spec's GET /reauthenticate: a 6-digit code to the account's verified address (the mail
 * outbox, in the same transaction as the code), for the e-mail-code way. At most one a minute,
 * and as many an hour as sign-in codes to one address.
 */
export async function sendFreshProofCode(platform: Platform, session: SessionRef | undefined): Promise<Result<{ email: string }>> {
  if (!session) return refused(401, "Please log in again.");
  const { email } = await freshProofWays(platform.db, session.userId);
  if (!email) return refused(404, WAY_NOT_AVAILABLE);
  const byEmail = await hitRateLimit(platform.db, codeLimits.emailCodeByEmail, email);
  if (!byEmail.allowed) return refused(429, tooManyAttemptsMessage(byEmail.retryAfterSeconds));
  const issued = await issueCode(codeContext(platform), { purpose: "reauthenticate", channel: "email", subject: session.userId, target: email, withLink: false }, (tx, { code }) =>
    enqueueTemplate(tx, "sign-in-code", { code, purpose: "reauthenticate" }, { to: email, idempotencyKey: `reauthenticate-code:${crypto.randomUUID()}` }),
  );
  if (!issued.sent) return refused(429, codeWaitMessage(issued.waitSeconds));
  return { ...succeeded({ email }), toast: { title: "Check your email", description: `We sent a 6-digit code to ${email}. It works for 10 minutes.`, variant: "success" } };
}

/** Checks one proof of the given way; the reason it failed (for the audit log and the message), or null. */
async function checkProof(platform: Platform, userId: string, input: ReturnType<typeof ProofSchema.parse>, meta: RequestMeta): Promise<{ reason: string; refusal: Refusal } | null> {
  switch (input.way) {
    case "password": {
      const [account] = await platform.db.select({ hash: accounts.password }).from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
      const right = account?.hash ? await verifyPassword({ hash: account.hash, password: input.password }) : false;
      return right ? null : { reason: "wrong", refusal: refused(401, NOT_YOUR_PASSWORD, "password") };
    }
    case "totp": {
      const check = await spendSecondFactorCode(platform, userId, { method: "totp", code: input.code }, meta);
      return check === "accepted" ? null : { reason: check, refusal: refused(401, check === "invalid" ? WRONG_PROOF_CODE : WAY_NOT_AVAILABLE, "code") };
    }
    case "email-code": {
      const check = await checkCode(codeContext(platform), { purpose: "reauthenticate", channel: "email", subject: userId, code: input.code });
      if (check.outcome === "accepted") return null;
      return { reason: check.outcome, refusal: refused(401, check.outcome === "wrong" ? WRONG_PROOF_CODE : PROOF_CODE_ENDED, "code") };
    }
    case "passkey": {
      const check = await checkPasskeyProof(platform, userId, input.response);
      return check === "ok" ? null : { reason: check, refusal: refused(401, PASSKEY_PROOF_FAILED) };
    }
  }
}

/**
 * The one re-authentication command: one proof (password, passkey, authenticator code, or the
 * e-mailed code) from a signed-in session starts a new five minutes for it. Only the ways the
 * person has are taken. Failures are counted per account (a stolen session cannot guess its way
 * past this) and every outcome is in the audit log with the way it used.
 */
export async function proveItIsYou(platform: Platform, session: SessionRef | undefined, form: unknown, meta: RequestMeta): Promise<Result> {
  if (!session) return refused(401, "Please log in again.");
  const checked = checkForm(ProofSchema, form, CONFIRM_IT_IS_YOU_TITLE);
  if (!checked.ok) return checked;
  const input = checked.value;
  const { db } = platform;
  const { userId } = session;
  const locked = await peekRateLimit(db, limits.freshProofFailuresByAccount, userId);
  if (!locked.allowed) return refused(429, tooManyAttemptsMessage(locked.retryAfterSeconds));
  const { ways } = await freshProofWays(db, userId);
  if (!ways.includes(input.way)) return refused(400, WAY_NOT_AVAILABLE);

  const failure = await checkProof(platform, userId, input, meta);
  if (failure) {
    const limit = await hitRateLimit(db, limits.freshProofFailuresByAccount, userId);
    await recordAuditEvent(db, { type: "reauthentication_failed", userId, details: { way: input.way, reason: failure.reason } }, meta);
    return limit.allowed ? failure.refusal : refused(429, tooManyAttemptsMessage(limit.retryAfterSeconds));
  }
  await markProven(platform, session.id);
  await clearRateLimit(db, limits.freshProofFailuresByAccount, userId);
  await recordAuditEvent(db, { type: "reauthenticated", userId, details: { way: input.way } }, meta);
  return succeeded(null, CONFIRM_IT_IS_YOU_TITLE, PROVEN);
}
