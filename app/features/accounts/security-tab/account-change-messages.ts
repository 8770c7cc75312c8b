import type { Toast } from "~/platform/toast";

/** The words of changing one's e-mail address and password (email-change.server.ts, the security tab's cards). */
// The form's name, here rather than in account-change.schema.ts: the page reads it without zod.
export const CHANGE_EMAIL_INTENT = "change-email";
export const EMAIL_CHANGE_FAILED_TITLE = "Email Not Changed";
export const EMAIL_UNCHANGED_MESSAGE = "That is already your email address.";
export const EMAIL_CHANGE_LINK_EXPIRED = "This link is invalid, used or expired. Ask for a new one from Sign-in & security.";
export const emailChangeSent = (email: string): Toast => ({
  title: "Check your email",
  description: `We sent a link to ${email}. Your address changes when you follow it (within 24 hours).`,
  variant: "success",
});
export const emailChanged = (email: string): Toast => ({ title: "Email Changed", description: `${email} is now your account's email address.`, variant: "success" });
export const EMAIL_CHANGE_UNDONE: Toast = {
  title: "Email Change Undone",
  description: "Your previous email address is back, and every device has been signed out. Sign in again, and change your password if you did not ask for the change.",
  variant: "success",
};
