/**
 * The names and words of the "Confirm it's you" step (its forms are in fresh-proof.schema.ts):
 * here, so the pages read them without zod. One proof at a time, named by `way`.
 */
export const PROOF_WAYS = ["password", "passkey", "totp", "email-code"] as const;
export type ProofWay = (typeof PROOF_WAYS)[number];

export const CONFIRM_IT_IS_YOU_TITLE = "Confirm it's you";
/** The form field a refusal names when the change waits for a fresh proof (requireFreshProof): the proof step listens for it. */
export const FRESH_PROOF_FIELD = "freshProof";
export const CONFIRM_IT_IS_YOU_FIRST = "Please confirm it's you first: it has been more than 5 minutes since you signed in or last confirmed.";

/** The intents the /reauthenticate route answers. */
export const PROVE_INTENT = "prove";
export const SEND_PROOF_CODE_INTENT = "send-code";

/** Where the page without JavaScript sends the person back to: a path of this site only. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  return value.length > 2000 ? "/" : value;
}
