import { z } from "~/platform/zod";

/**
 * The "Confirm it's you" step's forms, shared by the dialog, the page without JavaScript and the
 * command (fresh-proof.server.ts): one proof at a time, named by `way`. Their names and words are
 * in fresh-proof-messages.ts, which the pages read without zod.
 */
export {
  CONFIRM_IT_IS_YOU_FIRST,
  CONFIRM_IT_IS_YOU_TITLE,
  FRESH_PROOF_FIELD,
  PROOF_WAYS,
  PROVE_INTENT,
  safeReturnTo,
  SEND_PROOF_CODE_INTENT,
  type ProofWay,
} from "./fresh-proof-messages";

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
