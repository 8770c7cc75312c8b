import { and, eq } from "drizzle-orm";
import { accounts, sessions } from "~/platform/db/schema";
import { failed, type Refusal } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { verifyPassword } from "~/platform/security/password-hash.server";
import { hitRateLimit, peekRateLimit } from "~/platform/security/rate-limit.server";
import type { AuthState } from "./actor";
import { recordAuditEvent } from "./audit.server";
import { limits, tooManyAttemptsMessage } from "./limits";
import type { RequestMeta } from "./request-meta";

/** How long a proof of who one is lasts for the changes that ask for one (the spec's GET /reauthenticate). */
export const FRESH_PROOF_MS = 5 * 60 * 1000;

export const CONFIRM_IT_IS_YOU = "Enter your own password to confirm it's you: it has been more than 5 minutes since you signed in or last confirmed.";
export const NOT_YOUR_PASSWORD = "That is not your password.";

type SessionRef = NonNullable<AuthState["session"]>;

/** The form field a refusal names when the change waits for a fresh proof: the client's proof step listens for it. */
export const FRESH_PROOF_FIELD = "freshProof";
export const CONFIRM_IT_IS_YOU_FIRST = "Please confirm it's you first: it has been more than 5 minutes since you signed in or last confirmed.";

/**
 * The guard of every change that asks for a recent proof (changing the password or e-mail,
 * removing a sign-in way or a factor, turning 2FA off, resetting someone's password or factors):
 * null while the session's last proof is under five minutes old, else the refusal (401, under
 * `freshProof`) that makes the page ask for one before the change is sent again.
 */
export async function requireFreshProof(platform: Pick<Platform, "db" | "clock">, session: SessionRef | undefined): Promise<Refusal | null> {
  if (!(await needsFreshProof(platform, session))) return null;
  return failed(401, CONFIRM_IT_IS_YOU_FIRST, { [FRESH_PROOF_FIELD]: [CONFIRM_IT_IS_YOU_FIRST] });
}

/**
 * Whether this session's last proof (signing in, its second factor, or confirming again) is
 * older than five minutes on the platform's clock. A request without a session has none.
 */
export async function needsFreshProof(platform: Pick<Platform, "db" | "clock">, session: SessionRef | undefined): Promise<boolean> {
  if (!session) return true;
  const now = platform.clock.now();
  if (now - session.createdAt.getTime() <= FRESH_PROOF_MS) return false;
  const [row] = await platform.db.select({ secondFactorAt: sessions.secondFactorAt, provenAt: sessions.provenAt }).from(sessions).where(eq(sessions.id, session.id));
  const last = Math.max(session.createdAt.getTime(), row?.secondFactorAt?.getTime() ?? 0, row?.provenAt?.getTime() ?? 0);
  return now - last > FRESH_PROOF_MS;
}

/**
 * The one re-authentication step of the changes that ask for it (a staff member setting someone's
 * password, …): nothing to do while the last proof is fresh; otherwise the password offered with
 * the form must be the person's own, which starts a new five minutes. Answers the refusal to
 * show under the form's `currentPassword` field, or null to go on. Wrong passwords are counted
 * per account, as sign-ins are: a stolen session cannot guess its way past this.
 */
export async function takeFreshProof(platform: Pick<Platform, "db" | "clock">, session: SessionRef | undefined, offered: string | undefined, meta: RequestMeta): Promise<Refusal | null> {
  if (!(await needsFreshProof(platform, session))) return null;
  if (!session) return failed(401, CONFIRM_IT_IS_YOU);
  if (!offered) return failed(401, CONFIRM_IT_IS_YOU, { currentPassword: [CONFIRM_IT_IS_YOU] });
  const { db } = platform;
  const tooMany = (seconds: number) => failed(429, tooManyAttemptsMessage(seconds), { currentPassword: [tooManyAttemptsMessage(seconds)] });
  const before = await peekRateLimit(db, limits.freshProofFailuresByAccount, session.userId);
  if (!before.allowed) return tooMany(before.retryAfterSeconds);
  const [account] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, session.userId), eq(accounts.providerId, "credential")));
  const right = account?.hash ? await verifyPassword({ hash: account.hash, password: offered }) : false;
  if (!right) {
    const limit = await hitRateLimit(db, limits.freshProofFailuresByAccount, session.userId);
    await recordAuditEvent(db, { type: "reauthentication_failed", userId: session.userId, details: { way: "password" } }, meta);
    if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
    return failed(401, NOT_YOUR_PASSWORD, { currentPassword: [NOT_YOUR_PASSWORD] });
  }
  await db.update(sessions).set({ provenAt: new Date(platform.clock.now()) }).where(eq(sessions.id, session.id));
  await recordAuditEvent(db, { type: "reauthenticated", userId: session.userId, details: { way: "password" } }, meta);
  return null;
}
