import { z } from "~/platform/zod";
import { PASSWORD_RESET_FAILED_TITLE } from "./messages";

/**
 * The password-recovery forms. Shared by the browser (instant feedback) and the actions (the
 * rule itself), so the two can never disagree.
 */

const email = z
  .string({ message: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Please enter a valid email address").max(255, "Please enter a valid email address"));

export const ForgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

/** The public reset page holds new passwords to 8 characters (the spec's reset minimum). */
export const RESET_PASSWORD_MIN_LENGTH = 8;
const MAX_LENGTH = 128;

const TOO_SHORT = `Password must be at least ${RESET_PASSWORD_MIN_LENGTH} characters long.`;
const TOO_LONG = `Password must be at most ${MAX_LENGTH} characters long.`;
const MISMATCH = "Please enter the same password in both fields.";

export const ResetPasswordSchema = z
  .object({
    password: z.string({ message: TOO_SHORT }).min(RESET_PASSWORD_MIN_LENGTH, TOO_SHORT).max(MAX_LENGTH, TOO_LONG),
    confirmPassword: z.string({ message: MISMATCH }),
  })
  .refine((value) => value.password === value.confirmPassword, { message: MISMATCH, path: ["confirmPassword"] });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/**
 * The spec names each reset-form problem with its own toast title ("Password Too Short",
 * "Passwords Don't Match") rather than the generic "Validation Error"; the field message is
 * the description.
 */
const RESET_TITLES: Record<string, string> = {
  [TOO_SHORT]: "Password Too Short",
  [TOO_LONG]: "Password Too Long",
  [MISMATCH]: "Passwords Don't Match",
};

/** The toast title over a reset-form problem, by its message. */
export const resetIssueTitle = (message: string) => RESET_TITLES[message] ?? PASSWORD_RESET_FAILED_TITLE;
/** The browser's toast for a reset-form problem: the spec's title for it over its message. */
export const resetIssueToast = (issue: { message: string }) => ({ title: resetIssueTitle(issue.message), description: issue.message });

/**
 * What a reset token from our e-mails looks like (Better Auth issues 24 letters and digits).
 * Anything else was mangled on the way (a cut-off link, a mail client's rewriting) and is
 * "Invalid Link" without asking the database; a well-formed token the server no longer
 * knows is "Invalid or Expired Link".
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export function looksLikeResetToken(token: string | null | undefined): token is string {
  return typeof token === "string" && TOKEN_PATTERN.test(token);
}
