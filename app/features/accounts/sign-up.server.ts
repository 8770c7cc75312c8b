import { failedAs, succeeded, type RefusalStatus, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import { recordAuditEvent } from "./audit.server";
import { CustomerSignUpSchema } from "./auth.schema";
import { authApiError, getAuth } from "./auth.server";
import { checkForm } from "./form-input";
import { limits, tooManyAttemptsMessage } from "./limits";
import { SIGNUP_FAILED_TITLE, VALIDATION_ERROR_TITLE } from "./messages";
import type { RequestMeta } from "./request-meta";

const failed = (status: RefusalStatus, message: string) => failedAs(SIGNUP_FAILED_TITLE, status, message);

/**
 * Creates a customer from the sign-up form's fields: user, password, profile, customer role and
 * sponsor record in one transaction (see the account hook in auth-instance.server.ts), sends the
 * verification e-mail through the outbox, and signs the new customer in.
 */
export async function signUpCustomer(platform: Platform, form: unknown, meta: RequestMeta): Promise<Result<{ headers: Headers; userId: string }>> {
  const checked = checkForm(CustomerSignUpSchema, form, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const input = checked.value;
  const decision = await hitRateLimit(platform.db, limits.signUpByAddress, meta.clientAddress);
  if (!decision.allowed) return failed(429, tooManyAttemptsMessage(decision.retryAfterSeconds));
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
    if (!response.token) return failed(400, "Authentication session not established. Please try logging in.");
    await recordAuditEvent(platform.db, { type: "login_success", userId: response.user.id, details: { method: "sign_up" } }, meta);
    return succeeded({ headers, userId: response.user.id });
  } catch (error) {
    const refusal = await authApiError(error);
    if (refusal) {
      const code = (refusal.body as { code?: string } | undefined)?.code;
      if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
        return failed(409, "An account with this email already exists. Please log in instead.");
      }
      if (code === "PASSWORD_TOO_SHORT") return failed(400, "Password must be at least 6 characters");
      if (code === "FAILED_TO_CREATE_USER") return failed(500, "Failed to create account. Please try again.");
    }
    platform.logger.error({ err: error }, "sign-up failed while setting up the profile");
    return failed(500, "Profile setup failed: we could not create your sponsor profile. Please contact support.");
  }
}
