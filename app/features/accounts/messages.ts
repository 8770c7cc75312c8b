/** The spec's account messages, shared by server commands and pages. */
export const ADMIN_REFUSED_MESSAGE = "Admin accounts cannot be used for customer functions. Please use a customer account.";
export const NOT_ADMIN_MESSAGE = "You don't have admin privileges.";

/** The second step of the admin login (spec §8, "Verification Failed"). */
export const VERIFICATION_FAILED_TITLE = "Verification Failed";
export const INVALID_TOTP_MESSAGE = "Invalid verification code";
export const INVALID_BACKUP_CODE_MESSAGE = "Invalid backup code";
export const TOTP_NOT_CONFIGURED_MESSAGE = "TOTP not configured for this account";
export const SECOND_FACTOR_EXPIRED_MESSAGE = "Session expired. Please log in again.";
export const TWO_FACTOR_REQUIRED_MESSAGE = "Two-factor authentication is required for administrators on this site, so it cannot be turned off.";

/** The admin's own password change (spec §5). */
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = "Passwords do not match";
export const ADMIN_PASSWORD_TOO_SHORT_MESSAGE = "Password must be at least 6 characters long";

export const ADMIN_SETUP_FAILED_MESSAGE = "Failed to create admin account.";

/** Signing out (spec §5: the portal's and the header's words). */
export const LOGGED_OUT_OF_PORTAL = { title: "Logged out", description: "You have been successfully logged out.", variant: "success" } as const;
export const LOGGED_OUT = { title: "Logged out successfully", description: "See you next time!", variant: "success" } as const;
export const SIGNED_OUT_OF_OTHER_DEVICES = { title: "Signed out of other devices", description: "Only this device is still signed in.", variant: "success" } as const;

/** The e-mail address's confirmation: the link's landing (signed in or not) and sending a new link. */
export const VERIFICATION_LINK = {
  verified: {
    signedIn: { title: "Email Verified", description: "Thank you for confirming your email address.", variant: "success" },
    signedOut: { title: "Email Verified", description: "Thank you for confirming your email address. Please log in to continue.", variant: "success" },
  },
  failed: {
    signedIn: { title: "Invalid or Expired Link", description: "This confirmation link is invalid or has expired. Send yourself a new one below.", variant: "error" },
    signedOut: { title: "Invalid or Expired Link", description: "This confirmation link is invalid or has expired. Log in to send yourself a new one.", variant: "error" },
  },
} as const;
export const EMAIL_ALREADY_VERIFIED = { title: "Email Already Verified", description: "Your email address is already confirmed.", variant: "info" } as const;
export const verificationEmailSent = (email: string) =>
  ({ title: "Verification Email Sent", description: `We sent a new confirmation link to ${email}. It is valid for 24 hours.`, variant: "success" }) as const;
export const EMAIL_NOT_SENT = { title: "Email Not Sent", description: "We could not send the confirmation email. Please try again later." } as const;
export const TOO_MANY_REQUESTS = "Too Many Requests";
