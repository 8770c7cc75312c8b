import { z } from "~/platform/zod";
import {
  ADMIN_PASSWORD_TOO_SHORT_MESSAGE,
  INVALID_BACKUP_CODE_MESSAGE,
  INVALID_TOTP_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
} from "./messages";
import { CODE_PATTERN, isWellFormedCode, normalizeSecondFactorCode, type SecondFactorMethod } from "./second-factor-code";

export { isWellFormedCode, normalizeSecondFactorCode, SECOND_FACTOR_CODE_LENGTH, type SecondFactorMethod } from "./second-factor-code";

/**
 * The back-office's own forms. Each schema is used by the browser (instant feedback, the
 * "Validation Error" toast) and by the action (the rule itself), so the two never disagree.
 * Conform turns empty fields into `undefined`, hence the defaults.
 */

export const ADMIN_PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

function passwordChangeSchema(requireCurrent: boolean) {
  return z
    .object({
      currentPassword: z.string().default(""),
      newPassword: z.string().default(""),
      confirmPassword: z.string().default(""),
    })
    .superRefine((value, ctx) => {
      if (requireCurrent && !value.currentPassword) {
        ctx.addIssue({ code: "custom", message: "Current password is required", path: ["currentPassword"] });
      }
      checkNewPassword(value, ctx, ADMIN_PASSWORD_MIN_LENGTH, ADMIN_PASSWORD_TOO_SHORT_MESSAGE);
    });
}

/**
 * The spec's checks of a new password typed twice, the match before the length (the toast shows
 * the first problem); `minLength` differs between one's own change (6) and a reset by staff (8).
 */
export function checkNewPassword(
  value: { newPassword: string; confirmPassword: string },
  ctx: z.RefinementCtx,
  minLength: number,
  tooShortMessage: string,
) {
  if (value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", message: PASSWORDS_DO_NOT_MATCH_MESSAGE, path: ["confirmPassword"] });
  }
  if (value.newPassword.length < minLength) {
    ctx.addIssue({ code: "custom", message: tooShortMessage, path: ["newPassword"] });
  } else if (value.newPassword.length > PASSWORD_MAX_LENGTH) {
    ctx.addIssue({ code: "custom", message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`, path: ["newPassword"] });
  }
}

/** The forced first-login change: the spec's two fields (the session has just given the old password). */
export const FirstLoginPasswordSchema = passwordChangeSchema(false);
/** A change at any other time also asks for the current password (ASVS 2.1.6). */
export const ChangePasswordSchema = passwordChangeSchema(true);
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** The code step of the admin login. A malformed code gets the same answer as a wrong one. */
export const SecondFactorSchema = z
  .object({ method: z.enum(["totp", "backup", "sms"]).default("totp"), code: z.string().default("") })
  .superRefine((value, ctx) => {
    if (!isWellFormedCode(value.method, value.code)) {
      ctx.addIssue({ code: "custom", path: ["code"], message: value.method === "backup" ? INVALID_BACKUP_CODE_MESSAGE : INVALID_TOTP_MESSAGE });
    }
  })
  .transform((value) => ({ method: value.method, code: normalizeSecondFactorCode(value.method, value.code) }));
export type SecondFactorInput = z.infer<typeof SecondFactorSchema>;

/** Confirming a new authenticator: only an authenticator code proves the app has the secret. */
export const ConfirmTotpSchema = z.object({
  code: z
    .string({ message: INVALID_TOTP_MESSAGE })
    .transform((code) => normalizeSecondFactorCode("totp", code))
    .refine((code) => CODE_PATTERN.totp.test(code), INVALID_TOTP_MESSAGE),
});

/** Turning 2FA off or renewing backup codes: either kind of code, told apart by its shape. */
export const CURRENT_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app or one of your 8-character backup codes";
export const CurrentSecondFactorSchema = z.object({
  code: z
    .string({ message: CURRENT_CODE_MESSAGE })
    .transform((raw) => {
      const method: SecondFactorMethod = /^\d{6}$/.test(normalizeSecondFactorCode("totp", raw)) ? "totp" : "backup";
      return { method, code: normalizeSecondFactorCode(method, raw) };
    })
    .refine((value) => CODE_PATTERN[value.method].test(value.code), CURRENT_CODE_MESSAGE),
});

const email = z
  .string({ message: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Please enter a valid email address").max(255, "Please enter a valid email address"));

/** /admin-setup asks for an e-mail only when ADMIN_EMAIL is not configured. */
export const AdminSetupSchema = z.object({ email: email.optional() });
export const AdminSetupEmailSchema = z.object({ email });
