import { enqueueTemplate } from "~/platform/mail/outbox.server";
import { failedAs, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import { recordAuditEvent } from "./audit.server";
import { checkForm } from "./form-input";
import { codeLimits, tooManyAttemptsMessage } from "./limits";
import {
  ADMIN_REFUSED_MESSAGE,
  CODE_ENDED_MESSAGE,
  CODE_WRONG_MESSAGE,
  codeWaitMessage,
  emailCodeSent,
  LINK_EXPIRED,
  LOGIN_FAILED_TITLE,
  VALIDATION_ERROR_TITLE,
} from "./messages";
import { checkCode, issueCode, spendLink, type CodeContext } from "./one-time-code.server";
import { findUserByIdentity, signInProvenCustomer } from "./proven-customer.server";
import type { RequestMeta } from "./request-meta";
import { isBackOfficeUser } from "./roles.server";
import type { SignedIn } from "./sign-in.server";
import { EmailCodeRequestSchema, EmailCodeSchema } from "./sign-in-ways/code.schema";

/**
 * "Email me a sign-in link": one message holding a link and a 6-digit code (either signs the
 * person in), for any address, with an account or not: the answer is the same, and an account is
 * made only when the link or code comes back. Staff addresses are refused with the spec's words,
 * and nothing is sent to them.
 */

const codeContext = (platform: Platform): CodeContext => ({ db: platform.db, secret: platform.authSecret, now: platform.clock.now() });
const refused = (status: 400 | 401 | 403 | 429, message: string, field?: "code") => failedAs(LOGIN_FAILED_TITLE, status, message, field ? { [field]: [message] } : undefined);

/** Where the e-mailed link leads: back to /customer-auth, which asks for one click to finish (mail scanners open links too). */
export function emailLinkUrl(appUrl: string, token: string, redirectTo: string) {
  const url = new URL("/customer-auth", appUrl);
  url.searchParams.set("link", token);
  url.searchParams.set("redirectTo", redirectTo);
  return url.href;
}

export async function requestEmailCode(platform: Platform, form: unknown, meta: RequestMeta, redirectTo: string): Promise<Result<{ email: string }>> {
  const checked = checkForm(EmailCodeRequestSchema, form, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const { email } = checked.value;
  const { db } = platform;
  const byAddress = await hitRateLimit(db, codeLimits.emailCodeByAddress, meta.clientAddress);
  if (!byAddress.allowed) return refused(429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));

  const userId = await findUserByIdentity(db, { kind: "email", email });
  if (userId && (await isBackOfficeUser(db, userId))) {
    await recordAuditEvent(db, { type: "login_refused", userId, details: { portal: "customer", method: "email_code" } }, meta);
    return refused(403, ADMIN_REFUSED_MESSAGE);
  }
  const byEmail = await hitRateLimit(db, codeLimits.emailCodeByEmail, email);
  if (!byEmail.allowed) return refused(429, tooManyAttemptsMessage(byEmail.retryAfterSeconds));

  const issued = await issueCode(codeContext(platform), { purpose: "sign-in", channel: "email", subject: email, target: email, withLink: true }, async (tx, { code, linkToken }) => {
    const url = emailLinkUrl(platform.env.APP_URL, linkToken!, redirectTo);
    await enqueueTemplate(tx, "sign-in-code", { code, url, purpose: "sign-in" }, { to: email, idempotencyKey: `sign-in-code:${crypto.randomUUID()}` });
  });
  if (!issued.sent) return refused(429, codeWaitMessage(issued.waitSeconds));
  return { ...succeeded({ email }), toast: emailCodeSent(email) };
}

/** The 6-digit code typed on the page. */
export async function signInWithEmailCode(platform: Platform, form: unknown, meta: RequestMeta): Promise<Result<SignedIn>> {
  const checked = checkForm(EmailCodeSchema, form, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const { email, code } = checked.value;
  const tries = await hitRateLimit(platform.db, codeLimits.codeTriesByAddress, meta.clientAddress);
  if (!tries.allowed) return refused(429, tooManyAttemptsMessage(tries.retryAfterSeconds));
  const check = await checkCode(codeContext(platform), { purpose: "sign-in", channel: "email", subject: email, code });
  if (check.outcome !== "accepted") {
    await recordAuditEvent(platform.db, { type: "login_failed", details: { email, method: "email_code", reason: check.outcome } }, meta);
    return check.outcome === "wrong" ? refused(401, CODE_WRONG_MESSAGE, "code") : refused(401, CODE_ENDED_MESSAGE, "code");
  }
  return signInProvenCustomer(platform, { kind: "email", email: check.target }, "email_code", meta);
}

/** The e-mailed link, posted from the page it opens (one click, so a mail scanner opening it spends nothing). */
export async function signInWithEmailLink(platform: Platform, token: unknown, meta: RequestMeta): Promise<Result<SignedIn>> {
  const tries = await hitRateLimit(platform.db, codeLimits.codeTriesByAddress, meta.clientAddress);
  if (!tries.allowed) return refused(429, tooManyAttemptsMessage(tries.retryAfterSeconds));
  const spent = typeof token === "string" ? await spendLink(codeContext(platform), { purpose: "sign-in", token }) : null;
  if (!spent) {
    await recordAuditEvent(platform.db, { type: "login_failed", details: { method: "email_link", reason: "invalid" } }, meta);
    return failedAs(LINK_EXPIRED.title, 401, LINK_EXPIRED.description);
  }
  return signInProvenCustomer(platform, { kind: "email", email: spent.target }, "email_link", meta);
}
