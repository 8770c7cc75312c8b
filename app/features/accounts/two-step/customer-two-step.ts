/** The customer door's code step: where a sign-in of someone with a second factor goes next, whatever its first step. */
export const CUSTOMER_TWO_STEP = "/customer-auth/two-step";

/** The code step, remembering where the person was going (a path of this site, already checked). */
export function customerTwoStepPath(redirectTo: string) {
  return `${CUSTOMER_TWO_STEP}?redirectTo=${encodeURIComponent(redirectTo)}`;
}
