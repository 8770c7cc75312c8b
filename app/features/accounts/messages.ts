import type { Toast } from "~/platform/toast";
import { ACCOUNT_DISABLED_CODE, ACCOUNT_DISABLED_MESSAGE } from "./account-disabled";

/** The spec's account messages, shared by server commands and pages. */
export const ADMIN_REFUSED_MESSAGE = "Admin accounts cannot be used for customer functions. Please use a customer account.";
export const NOT_ADMIN_MESSAGE = "You don't have admin privileges.";

/** The toast titles of the login and sign-up forms (spec §5). */
export const VALIDATION_ERROR_TITLE = "Validation Error";
export const LOGIN_FAILED_TITLE = "Login Failed";
export const SIGNUP_FAILED_TITLE = "Signup Failed";
export const ACCESS_DENIED_TITLE = "Access Denied";
export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";

/** Google sends a failed sign-in back as `?error=code`: the spec's title with a sentence a person can act on. */
export const GOOGLE_SIGN_IN_FAILED_TITLE = "Google Sign-in Failed";
const GOOGLE_ERRORS: Record<string, string> = {
  account_not_linked: "An account with this e-mail already exists. Log in with your password, verify your e-mail, then use Google.",
  email_not_found: "Google did not share an e-mail address for this account.",
  [ACCOUNT_DISABLED_CODE]: ACCOUNT_DISABLED_MESSAGE,
};
const GOOGLE_ERROR_OTHERWISE = "Google sign-in could not be completed. Please try again.";

export function googleSignInFailed(code: string | null): Toast | null {
  if (!code) return null;
  return { title: GOOGLE_SIGN_IN_FAILED_TITLE, description: GOOGLE_ERRORS[code] ?? GOOGLE_ERROR_OTHERWISE, variant: "error" };
}

/** The second step of the admin login (spec §8, "Verification Failed"). */
export const VERIFICATION_FAILED_TITLE = "Verification Failed";
export const INVALID_TOTP_MESSAGE = "Invalid verification code";
export const INVALID_BACKUP_CODE_MESSAGE = "Invalid backup code";
export const TOTP_NOT_CONFIGURED_MESSAGE = "TOTP not configured for this account";
export const SECOND_FACTOR_EXPIRED_MESSAGE = "Session expired. Please log in again.";
export const TWO_FACTOR_REQUIRED_MESSAGE = "Two-factor authentication is required for administrators on this site, so it cannot be turned off.";
export const TWO_FACTOR_ALREADY_ON_MESSAGE = "Two-factor authentication is already on.";
export const TWO_FACTOR_SETUP_EXPIRED_MESSAGE = "This set-up has expired. Please start again.";

/** The security page's title over a refusal with none of its own (a set-up started when 2FA is already on). */
export const SECURITY_ERROR_TITLE = "Error";
/** The security page's answers (turning 2FA on and off, new backup codes). */
export const TWO_FACTOR_ON = {
  title: "Two-factor authentication is on",
  description: "Save your backup codes now: they are shown only once.",
  variant: "success",
} as const satisfies Toast;
export const NEW_BACKUP_CODES = { title: "New backup codes", description: "Your old backup codes no longer work.", variant: "success" } as const satisfies Toast;
export const TWO_FACTOR_OFF = { title: "Two-factor authentication is off", description: "Logging in now asks for your password only.", variant: "success" } as const satisfies Toast;

/** Password recovery: the forgot-password and reset pages (spec §5). */
export const TOO_MANY_REQUESTS_TITLE = "Too Many Requests";
export const PASSWORD_RESET_FAILED_TITLE = "Password Reset Failed";
/** A reset link that cannot be used: the page leaves for the admin login and says why. */
export const INVALID_LINK = {
  title: "Invalid Link",
  description: "This password reset link is incomplete. Please open the link from the e-mail again, or request a new one.",
  variant: "error",
} as const satisfies Toast;
export const EXPIRED_LINK = {
  title: "Invalid or Expired Link",
  description: "This password reset link has expired or has already been used. Please request a new one.",
  variant: "error",
} as const satisfies Toast;
export const PASSWORD_UPDATED = {
  title: "Password Updated",
  description: "Your password has been reset. Please log in with your new password.",
  variant: "success",
} as const satisfies Toast;

/** The admin's own password change (spec §5). */
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = "Passwords do not match";
export const ADMIN_PASSWORD_TOO_SHORT_MESSAGE = "Password must be at least 6 characters long";
export const PASSWORD_CHANGE_FAILED_TITLE = "Password Change Failed";
export const PASSWORD_CHANGED = {
  title: "Password Changed",
  description: "Your new password is in place. Any other devices have been signed out.",
  variant: "success",
} as const satisfies Toast;

/** /admin-setup (spec: create-admin). */
export const ADMIN_SETUP_FAILED_MESSAGE = "Failed to create admin account.";
export const adminCreated = (email: string): Toast => ({ title: "Administrator created", description: `You can now log in as ${email}.`, variant: "success" });

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

/** Sign-in by a code sent by e-mail or text message (not the spec's: it has no such screens). */
export const CODE_WRONG_MESSAGE = "That code is not right. Check the latest message and try again.";
export const CODE_ENDED_MESSAGE = "That code has expired or was used too many times. Please ask for a new one.";
export const PHONE_INVALID_MESSAGE = "Please enter a valid phone number, with its country code (for example +1 360 555 0100).";
export const codeWaitMessage = (seconds: number) => `A code was sent less than a minute ago. Please wait ${seconds} second${seconds === 1 ? "" : "s"} before asking for a new one.`;
export const emailCodeSent = (email: string): Toast => ({
  title: "Check your email",
  description: `We sent a sign-in link and code to ${email}. They work for 10 minutes.`,
  variant: "success",
});
export const phoneCodeSent = (phone: string): Toast => ({ title: "Check your phone", description: `We texted a 6-digit code to ${phone}. It works for 10 minutes.`, variant: "success" });
export const LINK_EXPIRED = { title: "Invalid or Expired Link", description: "This sign-in link is invalid, used or expired. Please ask for a new one." } as const;

/** The e-mail address a phone-only (or wallet) account is asked for at its first booking or adoption. */
export const CONTACT_EMAIL_NEEDED_TITLE = "Email Address Needed";
export const CONTACT_EMAIL_NEEDED_MESSAGE = "Please add and confirm an email address first: bookings and adoptions are confirmed by email.";
export const EMAIL_TAKEN_MESSAGE = "This email address belongs to another account. Log in with it instead, or use another address.";
export const ADD_EMAIL_FAILED_TITLE = "Email Not Added";
export const contactEmailAdded = (email: string): Toast => ({ title: "Email Added", description: `${email} is confirmed and now your account's email address.`, variant: "success" });

/** Signing in with a wallet or a Google ID token (issue 34 §3, §4): the refusals under "Login Failed". */
export const SIGN_IN_WAYS = {
  expired: "This sign-in request has expired or was already used. Please try again.",
  wrongSite: "This sign-in message was not made for this site.",
  badSignature: "The wallet's signature could not be verified.",
  badToken: "The Google sign-in could not be verified. Please try again.",
  notLinked: "An account with this e-mail already exists. Log in with your password, verify your e-mail, then use Google.",
  unavailable: "This way to sign in is not available.",
  noWallet: "No wallet answered. Unlock your wallet and try again.",
  cancelled: "The wallet did not sign. Nothing was changed.",
  needsScript: "Signing in with a wallet needs JavaScript.",
} as const;
