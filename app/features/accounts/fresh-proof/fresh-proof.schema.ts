import { z } from "~/platform/zod";

/**
 * The "Confirm it's you" step's forms, shared by the dialog, the page without JavaScript and the
 * command (fresh-proof.server.ts): one proof at a time, named by `way`.
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

const sixDigits = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, message));

export const PasswordProofSchema = z.object({ way: z.literal("password"), password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(128) });
export const TotpProofSchema = z.object({ way: z.literal("totp"), code: sixDigits("Enter the 6-digit code from your authenticator app") });
export const EmailCodeProofSchema = z.object({ way: z.literal("email-code"), code: sixDigits("Enter the 6-digit code") });
/** The browser's answer to the passkey challenge, as JSON (checked for real on the server). */
export const PasskeyProofSchema = z.object({ way: z.literal("passkey"), response: z.string().min(1).max(20_000) });

export const ProofSchema = z.discriminatedUnion("way", [PasswordProofSchema, TotpProofSchema, EmailCodeProofSchema, PasskeyProofSchema]);
export type ProofInput = z.infer<typeof ProofSchema>;

/** Where the page without JavaScript sends the person back to: a path of this site only. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  return value.length > 2000 ? "/" : value;
}
