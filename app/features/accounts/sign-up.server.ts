import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import type { Toast } from "~/platform/toast";
import { recordAuditEvent } from "./audit.server";
import { CustomerSignUpSchema } from "./auth.schema";
import { authApiError, getAuth } from "./auth.server";
import { limits, tooManyAttemptsMessage } from "./limits";
import type { RequestMeta } from "./request-meta";

export type NewCustomer = { name?: string; email: string; password: string; companyName?: string; phoneNumber?: string };

export type SignUpResult = { ok: true; headers: Headers; userId: string } | { ok: false; toast: Toast; status: number };

const failed = (description: string, status = 400): SignUpResult => ({
  ok: false,
  status,
  toast: { id: crypto.randomUUID(), title: "Signup Failed", description, variant: "error" },
});

/**
 * Creates a customer: user, password, profile, customer role and sponsor record in one
 * transaction (see the account hook in auth.server.ts), sends the verification e-mail through
 * the outbox, and signs the new customer in.
 */
export async function signUpCustomer(platform: Platform, unchecked: NewCustomer, meta: RequestMeta): Promise<SignUpResult> {
  // Checked here as well as in the form: no caller can create an account the rules refuse.
  const parsed = CustomerSignUpSchema.safeParse(unchecked);
  if (!parsed.success) return failed(parsed.error.issues[0]!.message);
  const input = parsed.data;
  const decision = await hitRateLimit(platform.db, limits.signUpByAddress, meta.clientAddress);
  if (!decision.allowed) return failed(tooManyAttemptsMessage(decision.retryAfterSeconds), 429);
  try {
    // companyName and phoneNumber ride along for the account hook that creates the sponsor record.
    const body = {
      name: input.name ?? "",
      email: input.email,
      password: input.password,
      companyName: input.companyName,
      phoneNumber: input.phoneNumber,
      callbackURL: "/sponsor-profile?verified=1",
      rememberMe: true,
    };
    const { headers, response } = await (await getAuth(platform)).api.signUpEmail({
      body,
      headers: meta.headers,
      returnHeaders: true,
    });
    if (!response.token) return failed("Authentication session not established. Please try logging in.");
    await recordAuditEvent(platform.db, { type: "login_success", userId: response.user.id, details: { method: "sign_up" } }, meta);
    return { ok: true, headers, userId: response.user.id };
  } catch (error) {
    const refusal = await authApiError(error);
    if (refusal) {
      const code = (refusal.body as { code?: string } | undefined)?.code;
      if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
        return failed("An account with this email already exists. Please log in instead.", 409);
      }
      if (code === "PASSWORD_TOO_SHORT") return failed("Password must be at least 6 characters");
      if (code === "FAILED_TO_CREATE_USER") return failed("Failed to create account. Please try again.", 500);
    }
    platform.logger.error({ err: error }, "sign-up failed while setting up the profile");
    return failed("Profile setup failed: we could not create your sponsor profile. Please contact support.", 500);
  }
}
