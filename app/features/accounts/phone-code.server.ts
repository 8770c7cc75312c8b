import { enqueueSms } from "~/platform/sms/outbox.server";
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
  LOGIN_FAILED_TITLE,
  PHONE_INVALID_MESSAGE,
  phoneCodeSent,
  VALIDATION_ERROR_TITLE,
} from "./messages";
import { checkCode, issueCode, type CodeContext } from "./one-time-code.server";
import { formatPhone, toE164 } from "./phone-number.server";
import { findUserByIdentity, signInProvenCustomer } from "./proven-customer.server";
import type { RequestMeta } from "./request-meta";
import { isBackOfficeUser } from "./roles.server";
import type { SignedIn } from "./sign-in.server";
import { PhoneCodeRequestSchema, PhoneCodeSchema } from "./sign-in-ways/code.schema";

/**
 * "Continue with phone": a number, then a 6-digit code by text message, with the e-mail code's
 * rules (10 minutes, single use, 5 wrong tries, 60 s between two). The first proven sign-in of a
 * number makes a customer with a sponsor record and no e-mail address (asked for at the first
 * booking or adoption). Texts cost money: limited per number and per client address.
 */

const codeContext = (platform: Platform): CodeContext => ({ db: platform.db, secret: platform.authSecret, now: platform.clock.now() });
const refused = (status: 400 | 401 | 403 | 429, message: string, field?: "code" | "phone") => failedAs(LOGIN_FAILED_TITLE, status, message, field ? { [field]: [message] } : undefined);

/** The text itself: the code first (lock screens show the start), and the WebOTP line browsers autofill from. */
export function signInText(code: string, appUrl: string) {
  return `${code} is your Apiary sign-in code. It works for 10 minutes. Never share it.\n\n@${new URL(appUrl).host} #${code}`;
}

export async function requestPhoneCode(platform: Platform, form: unknown, meta: RequestMeta): Promise<Result<{ phone: string; shown: string }>> {
  const checked = checkForm(PhoneCodeRequestSchema, form, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const phone = toE164(checked.value.phone);
  if (!phone) return failedAs(VALIDATION_ERROR_TITLE, 400, PHONE_INVALID_MESSAGE, { phone: [PHONE_INVALID_MESSAGE] });
  const { db } = platform;
  const byAddress = await hitRateLimit(db, codeLimits.smsCodeByAddress, meta.clientAddress);
  if (!byAddress.allowed) return refused(429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));

  const userId = await findUserByIdentity(db, { kind: "phone", phone });
  if (userId && (await isBackOfficeUser(db, userId))) {
    await recordAuditEvent(db, { type: "login_refused", userId, details: { portal: "customer", method: "sms_code" } }, meta);
    return refused(403, ADMIN_REFUSED_MESSAGE);
  }
  for (const rule of [codeLimits.smsCodeByNumber, codeLimits.smsCodeByNumberDaily]) {
    const byNumber = await hitRateLimit(db, rule, phone);
    if (!byNumber.allowed) return refused(429, tooManyAttemptsMessage(byNumber.retryAfterSeconds));
  }
  const issued = await issueCode(codeContext(platform), { purpose: "sign-in", channel: "sms", subject: phone, target: phone, withLink: false }, (tx, { code }) =>
    enqueueSms(tx, { purpose: "sign-in-code", to: phone, body: signInText(code, platform.env.APP_URL), idempotencyKey: `sign-in-code:${crypto.randomUUID()}` }),
  );
  if (!issued.sent) return refused(429, codeWaitMessage(issued.waitSeconds));
  const shown = formatPhone(phone);
  return { ...succeeded({ phone, shown }), toast: phoneCodeSent(shown) };
}

export async function signInWithPhoneCode(platform: Platform, form: unknown, meta: RequestMeta): Promise<Result<SignedIn>> {
  const checked = checkForm(PhoneCodeSchema, form, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const phone = toE164(checked.value.phone);
  if (!phone) return failedAs(VALIDATION_ERROR_TITLE, 400, PHONE_INVALID_MESSAGE, { phone: [PHONE_INVALID_MESSAGE] });
  const tries = await hitRateLimit(platform.db, codeLimits.codeTriesByAddress, meta.clientAddress);
  if (!tries.allowed) return refused(429, tooManyAttemptsMessage(tries.retryAfterSeconds));
  const check = await checkCode(codeContext(platform), { purpose: "sign-in", channel: "sms", subject: phone, code: checked.value.code });
  if (check.outcome !== "accepted") {
    await recordAuditEvent(platform.db, { type: "login_failed", details: { phone, method: "sms_code", reason: check.outcome } }, meta);
    return check.outcome === "wrong" ? refused(401, CODE_WRONG_MESSAGE, "code") : refused(401, CODE_ENDED_MESSAGE, "code");
  }
  return signInProvenCustomer(platform, { kind: "phone", phone: check.target }, "sms_code", meta);
}
