/** The toast title of every failure of Reset Password by staff (User Management, Sponsors, Hive Adoptions: the spec's reset-sponsor-password). */
export const PASSWORD_RESET_FAILED = "Password Reset Failed";
