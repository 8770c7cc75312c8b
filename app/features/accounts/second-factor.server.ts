import { createCookie, type Cookie } from "react-router";
import { failedAs, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "~/platform/security/rate-limit.server";
import type { AuthState } from "./actor";
import { SecondFactorSchema, type SecondFactorMethod } from "./admin.schema";
import { recordAuditEvent } from "./audit.server";
import { checkForm } from "./form-input";
import { limits, tooManyAttemptsMessage } from "./limits";
import { openProvenSession } from "./open-session.server";
import { ACCESS_DENIED_TITLE, ADMIN_REFUSED_MESSAGE, NOT_ADMIN_MESSAGE, SECOND_FACTOR_EXPIRED_MESSAGE, VERIFICATION_FAILED_TITLE } from "./messages";
import type { RequestMeta } from "./request-meta";
import { isBackOfficeUser } from "./roles.server";
import { deleteSession, SECOND_FACTOR_WINDOW_MS } from "./session.server";
import { phonesForSignIn } from "./second-factors.server";
import { codeFailureMessage, codeRefused, getTwoFactorStatus, spendSecondFactorCode } from "./two-factor.server";

/**
 * The second step of a sign-in, at either door. Any session of someone with a verified factor
 * starts "pending" (see session.server.ts: the one place a session is granted), whatever its
 * first step was (password, Google, an e-mailed or texted code, a wallet, an ID token); only a
 * passkey is both steps at once. The code ends the waiting session and opens a full one with a
 * new token (its cookie is in the answer's headers): a token seen before the second factor is
 * worth nothing after it. Attempts are limited per address, failures per account.
 */

export type PendingSecondFactor = NonNullable<AuthState["pendingSecondFactor"]>;
export type FirstFactor = "password" | "google" | "sso";
export type Door = "admin" | "customer";

/** The session is gone (or was never there): the person is back at the password form, which names no field. */
const SESSION_ENDED = failedAs(VERIFICATION_FAILED_TITLE, 401, SECOND_FACTOR_EXPIRED_MESSAGE);

export function isSecondFactorExpired(pending: PendingSecondFactor, now: number) {
  return now - pending.createdAt.getTime() > SECOND_FACTOR_WINDOW_MS;
}

/**
 * The code step's form (`pending` is the session waiting for it, if there still is one). A refusal
 * that ends the session names no field; every other one is about the code. Accepted, it answers
 * the new session's Set-Cookie headers.
 */
export async function completeSecondFactor(
  platform: Platform,
  pending: PendingSecondFactor | undefined,
  form: unknown,
  firstFactor: FirstFactor | string,
  meta: RequestMeta,
  door: Door = "admin",
): Promise<Result<{ headers: Headers }>> {
  // Expired and removed, or ended in another tab.
  if (!pending) return SESSION_ENDED;
  const checked = checkForm(SecondFactorSchema, form, VERIFICATION_FAILED_TITLE);
  if (!checked.ok) return checked;
  const input = checked.value;
  const { db } = platform;
  const byAddress = await hitRateLimit(db, limits.secondFactorByAddress, meta.clientAddress);
  if (!byAddress.allowed) return codeRefused(429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));

  if (isSecondFactorExpired(pending, platform.clock.now())) {
    await deleteSession(db, pending.sessionId);
    await recordAuditEvent(db, { type: "2fa_failed", userId: pending.userId, details: { method: input.method, reason: "expired" } }, meta);
    return SESSION_ENDED;
  }
  // Google leads here too, and Google does not know who is an administrator; each door is for its own people.
  if ((await isBackOfficeUser(db, pending.userId)) !== (door === "admin")) {
    await deleteSession(db, pending.sessionId);
    await recordAuditEvent(db, { type: "login_refused", userId: pending.userId, details: { portal: door, firstFactor } }, meta);
    return door === "admin" ? failedAs(ACCESS_DENIED_TITLE, 403, NOT_ADMIN_MESSAGE) : failedAs(VERIFICATION_FAILED_TITLE, 403, ADMIN_REFUSED_MESSAGE);
  }
  const byAccount = await peekRateLimit(db, limits.secondFactorFailuresByAccount, pending.userId);
  if (!byAccount.allowed) return codeRefused(429, tooManyAttemptsMessage(byAccount.retryAfterSeconds));

  const check = await spendSecondFactorCode(platform, pending.userId, input, meta);
  if (check !== "accepted") {
    await hitRateLimit(db, limits.secondFactorFailuresByAccount, pending.userId);
    await recordAuditEvent(db, { type: "2fa_failed", userId: pending.userId, details: { method: input.method, reason: check, purpose: "login" } }, meta);
    return codeRefused(401, codeFailureMessage(input.method, check));
  }

  await clearRateLimit(db, limits.secondFactorFailuresByAccount, pending.userId);
  await recordAuditEvent(db, { type: "2fa_verified", userId: pending.userId, details: { method: input.method } }, meta);
  // A new token for the full session, and the waiting one ended whatever happens (ASVS 7.2.4).
  const opened = await openProvenSession(platform, pending.userId, meta, "second-factor");
  await deleteSession(db, pending.sessionId);
  // Disabled by an administrator while the code was being typed.
  if (!opened.ok) return opened;
  await recordAuditEvent(db, { type: "login_success", userId: pending.userId, details: { method: `${firstFactor}_2fa`, portal: door } }, meta);
  return succeeded({ headers: opened.value.headers });
}

// ---------------------------------------------------------------------------------------------
// Which first factor led to the code step, for the audit log's login method. A signed cookie
// set by the password form or the Google button: the browser can carry it but not forge it.

const cookies = new Map<string, Cookie>();
function firstFactorCookie(secret: string) {
  let cookie = cookies.get(secret);
  if (!cookie) {
    cookie = createCookie("apiary_first_factor", {
      httpOnly: true,
      sameSite: "lax",
      path: "/auth",
      maxAge: SECOND_FACTOR_WINDOW_MS / 1000 + 60,
      secrets: [secret],
    });
    cookies.set(secret, cookie);
  }
  return cookie;
}

export function firstFactorHeader(firstFactor: FirstFactor, secret: string) {
  return firstFactorCookie(secret).serialize(firstFactor);
}

export async function readFirstFactor(request: Request, secret: string): Promise<FirstFactor> {
  const value: unknown = await firstFactorCookie(secret)
    .parse(request.headers.get("cookie"))
    .catch(() => null);
  return value === "google" || value === "sso" ? value : "password";
}

export function clearFirstFactorHeader(secret: string) {
  return firstFactorCookie(secret).serialize("", { maxAge: 0 });
}

// ---------------------------------------------------------------------------------------------
// What the code step offers this person: the kinds of code they have (an authenticator app with
// its backup codes, phones), the first the default, and the phones a code can be texted to.

export async function codeStepChoices(platform: Platform, userId: string, asked: string | null) {
  const { hasTotp } = await getTwoFactorStatus(platform.db, userId);
  const phones = await phonesForSignIn(platform, userId);
  const methods: SecondFactorMethod[] = [...(hasTotp ? (["totp", "backup"] as const) : []), ...(phones.length ? (["sms"] as const) : [])];
  if (methods.length === 0) methods.push("totp");
  const method = methods.find((value) => value === asked) ?? methods[0]!;
  return { methods, method, phones };
}
