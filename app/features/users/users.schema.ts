import { z } from "~/platform/zod";
import { checkNewPassword } from "~/features/accounts/admin.schema";
import { ROLE_NAME_PATTERN } from "~/features/accounts/permissions";
import { checkbox, recordId } from "~/features/back-office/form-fields";
import { SponsorProfileSchema } from "~/features/sponsors/sponsor-profile.schema";

/**
 * The forms of User Management (and the sponsors' Reset Password), used by the dialogs in the
 * browser and by the commands on the server. Conform sends an unticked box as nothing and a
 * single ticked role as a string, hence the preprocessing.
 */
export const STAFF_RESET_PASSWORD_MIN_LENGTH = 8;
export const STAFF_RESET_PASSWORD_TOO_SHORT = "Password must be at least 8 characters long";

const userId = recordId("Choose a person");

export const StaffResetPasswordSchema = z
  .object({
    userId,
    newPassword: z.string().default(""),
    confirmPassword: z.string().default(""),
  })
  .superRefine((value, ctx) => checkNewPassword(value, ctx, STAFF_RESET_PASSWORD_MIN_LENGTH, STAFF_RESET_PASSWORD_TOO_SHORT));
export type StaffResetPasswordInput = z.infer<typeof StaffResetPasswordSchema>;

export const ManageRolesSchema = z.object({
  userId,
  roles: z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.string().regex(ROLE_NAME_PATTERN, "Unknown role")).max(20),
  ),
});

export const EditProfileSchema = z.object({
  userId,
  phoneNumber: SponsorProfileSchema.shape.phoneNumber,
  twoFactor: checkbox,
  firstLogin: checkbox,
});
