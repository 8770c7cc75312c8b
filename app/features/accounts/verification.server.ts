import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import type { Toast } from "~/platform/toast";
import type { SignedInActor } from "./actor";
import { authApiError, getAuth } from "./auth.server";
import { limits, tooManyAttemptsMessage } from "./limits";
import type { RequestMeta } from "./request-meta";
import { VERIFIED_CALLBACK_PATH } from "./verified-email";

export type ResendResult = { ok: boolean; toast: Toast; status: number };

const alreadyVerified: ResendResult = {
  ok: true,
  status: 200,
  toast: { title: "Email Already Verified", description: "Your email address is already confirmed.", variant: "info" },
};

/**
 * Sends a new confirmation link to the signed-in user's own address (never another one: the
 * address comes from the session). Limited per account so the button cannot flood an inbox.
 */
export async function resendVerificationEmail(platform: Platform, actor: SignedInActor, meta: RequestMeta): Promise<ResendResult> {
  if (actor.emailVerified) return alreadyVerified;
  const decision = await hitRateLimit(platform.db, limits.verificationByAccount, actor.userId);
  if (!decision.allowed) {
    return {
      ok: false,
      status: 429,
      toast: { id: crypto.randomUUID(), title: "Too Many Requests", description: tooManyAttemptsMessage(decision.retryAfterSeconds), variant: "error" },
    };
  }
  try {
    // With the session cookie in the headers, Better Auth sends only to the session's own address.
    await (await getAuth(platform)).api.sendVerificationEmail({ body: { email: actor.email, callbackURL: VERIFIED_CALLBACK_PATH }, headers: meta.headers });
  } catch (err) {
    const refusal = await authApiError(err);
    if ((refusal?.body as { code?: string } | undefined)?.code === "EMAIL_ALREADY_VERIFIED") return alreadyVerified;
    platform.logger.error({ err }, "could not queue a verification e-mail");
    return {
      ok: false,
      status: 500,
      toast: { id: crypto.randomUUID(), title: "Email Not Sent", description: "We could not send the confirmation email. Please try again later.", variant: "error" },
    };
  }
  return {
    ok: true,
    status: 200,
    toast: {
      id: crypto.randomUUID(),
      title: "Verification Email Sent",
      description: `We sent a new confirmation link to ${actor.email}. It is valid for 24 hours.`,
      variant: "success",
    },
  };
}
