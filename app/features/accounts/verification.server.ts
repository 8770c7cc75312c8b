import type { Platform } from "~/platform/runtime.server";
import { failedAs, isFailure, type Result } from "~/platform/result";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import type { SignedInActor } from "./actor";
import { authApiError, getAuth } from "./auth.server";
import { refuseStaffAtCustomerDoor } from "./customer-door";
import { limits, tooManyAttemptsMessage } from "./limits";
import { hasContactEmail } from "./no-email";
import { EMAIL_ALREADY_VERIFIED, EMAIL_NOT_SENT, TOO_MANY_REQUESTS, verificationEmailSent } from "./messages";
import type { RequestMeta } from "./request-meta";
import { VERIFIED_CALLBACK_PATH } from "./verified-email";

const alreadyVerified: Result = { ok: true, value: null, toast: EMAIL_ALREADY_VERIFIED };

/**
 * Sends a new confirmation link to the signed-in customer's own address (never another one: the
 * address comes from the session). Limited per account so the button cannot flood an inbox. The
 * success says what happened in its toast.
 */
export async function resendVerificationEmail(platform: Platform, actor: SignedInActor, meta: RequestMeta): Promise<Result> {
  const customer = refuseStaffAtCustomerDoor(actor, "account");
  if (isFailure(customer)) return customer;
  if (customer.emailVerified) return alreadyVerified;
  // A phone or wallet account has no address to confirm yet (it adds one at its first booking or adoption).
  if (!hasContactEmail(customer.email)) return failedAs(EMAIL_NOT_SENT.title, 409, "Your account has no email address yet: add one when you first book or adopt.");
  const decision = await hitRateLimit(platform.db, limits.verificationByAccount, customer.userId);
  if (!decision.allowed) return failedAs(TOO_MANY_REQUESTS, 429, tooManyAttemptsMessage(decision.retryAfterSeconds));
  try {
    // With the session cookie in the headers, Better Auth sends only to the session's own address.
    await (await getAuth(platform)).api.sendVerificationEmail({ body: { email: customer.email, callbackURL: VERIFIED_CALLBACK_PATH }, headers: meta.headers });
  } catch (err) {
    const refusal = await authApiError(err);
    if ((refusal?.body as { code?: string } | undefined)?.code === "EMAIL_ALREADY_VERIFIED") return alreadyVerified;
    platform.logger.error({ err }, "could not queue a verification e-mail");
    return failedAs(EMAIL_NOT_SENT.title, 500, EMAIL_NOT_SENT.description);
  }
  // An id of its own: sent twice, the same words show twice.
  return { ok: true, value: null, toast: { ...verificationEmailSent(customer.email), id: crypto.randomUUID() } };
}
