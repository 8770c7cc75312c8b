import type { Toast } from "~/platform/toast";

/**
 * The words of passkeys: adding one, the list, removing one, and signing in with one. The door's
 * own refusals (staff at the customer door, customers at the admin door) are the spec's, in
 * messages.ts.
 */
// The forms' names, here rather than in passkeys.schema.ts: the pages read them without zod.
export const PASSKEY_NAME_MAX = 60;
export const ADD_PASSKEY_INTENT = "add-passkey";
export const REMOVE_PASSKEY_INTENT = "remove-passkey";
export const PASSKEY_SIGN_IN_INTENT = "passkey";

export const PASSKEY_FAILED_TITLE = "Passkey Not Added";
export const PASSKEY_REMOVE_FAILED_TITLE = "Passkey Not Removed";
export const PASSKEY_NAME_REQUIRED_MESSAGE = "Give the passkey a name";
export const PASSKEY_NAME_TOO_LONG_MESSAGE = "The name can be at most 60 characters";
export const PASSKEY_NOT_VERIFIED_MESSAGE = "This passkey could not be verified. Please try again.";
export const PASSKEY_SETUP_EXPIRED_MESSAGE = "This passkey set-up has expired. Please start again.";
export const PASSKEY_ALREADY_ADDED_MESSAGE = "This passkey is already added to an account.";
export const PASSKEY_NOT_FOUND_MESSAGE = "This passkey was already removed.";
export const PASSKEY_LIMIT = 10;
export const PASSKEY_LIMIT_MESSAGE = `You can keep at most ${PASSKEY_LIMIT} passkeys. Remove one you no longer use first.`;

export const passkeyAdded = (name: string): Toast => ({
  title: "Passkey added",
  description: `You can now sign in with “${name}”, without your password.`,
  variant: "success",
});
export const passkeyRemoved = (name: string): Toast => ({ title: "Passkey removed", description: `“${name}” can no longer sign you in.`, variant: "success" });

/** Signing in with a passkey (the door's toast title is the spec's "Login Failed"). */
export const PASSKEY_SIGN_IN_FAILED_MESSAGE = "This passkey could not be verified. Please try again, or log in with your password.";
export const PASSKEY_UNKNOWN_MESSAGE = "This passkey is not known here. It may have been removed: log in another way and add it again.";
export const PASSKEY_SIGN_IN_EXPIRED_MESSAGE = "The passkey sign-in took too long. Please try again.";
/** Said in the browser, when the browser itself says no (no passkey chosen, none available, cancelled). */
export const PASSKEY_CANCELLED_MESSAGE = "No passkey was used. Try again, or log in with your password.";
export const PASSKEY_UNSUPPORTED_MESSAGE = "This browser cannot use passkeys. Log in with your password instead.";
export const PASSKEY_NEEDS_JAVASCRIPT = "Passkeys need JavaScript, which is turned off in this browser.";
export const PASSKEY_NOT_MADE_MESSAGE = "No passkey was made. Please try again.";
