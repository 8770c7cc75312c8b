import type { Toast } from "~/platform/toast";

// The forms' names and limits, here rather than in two-step.schema.ts: the pages read them without zod.
export const TWO_STEP_INTENTS = {
  addPhone: "add-phone-factor",
  verifyPhone: "verify-phone-factor",
  remove: "remove-factor",
} as const;
export const FRIENDLY_NAME_MAX = 60;
export const DEFAULT_PHONE_FACTOR_NAME = "Phone";

/** What the second factors' commands say (the spec has no words of its own for them). */
export const FACTOR_NOT_FOUND_MESSAGE = "This second factor no longer exists.";
export const PHONE_FACTOR_EXISTS_MESSAGE = "This number is already one of your second factors.";
export const NO_PHONE_FACTOR_MESSAGE = "There is no phone to text a code to.";
export const PHONE_FACTOR_MISMATCH_MESSAGE = "That code was sent to another number. Please ask for a new one.";
export const TWO_STEP_FAILED_TITLE = "Two-step verification";
export const FACTOR_RESET_SELF_MESSAGE = "An administrator's second factors are reset by another administrator.";
export const FACTOR_RESET_ADMIN_ONLY_MESSAGE = "Only an administrator can reset the second factors of a back-office account.";

export const phoneFactorAdded = (name: string, phone: string): Toast => ({
  title: "Phone added",
  description: `“${name}” (${phone}) is now a second step: signing in will text it a code.`,
  variant: "success",
});
export const factorRemoved = (name: string, anyLeft: boolean): Toast => ({
  title: "Second factor removed",
  description: anyLeft ? `“${name}” no longer works as a second step.` : `“${name}” was your last second step: signing in asks for one step only now.`,
  variant: "success",
});
export const factorCodeSent = (phone: string): Toast => ({ title: "Check your phone", description: `We texted a 6-digit code to ${phone}. It works for 10 minutes.`, variant: "success" });
export const factorsReset = (email: string): Toast => ({
  title: "Second factors reset",
  description: `${email} signs in with one step until they set up a new second factor; every device signed in to the account has been signed out.`,
  variant: "success",
});
