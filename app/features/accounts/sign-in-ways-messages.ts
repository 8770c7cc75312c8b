import type { Toast } from "~/platform/toast";

// The forms' names, here rather than in sign-in-ways.schema.ts: the pages read them without zod.
export const REMOVE_WAY_INTENT = "remove-sign-in-way";
export const LINK_GOOGLE_INTENT = "link-google";
export const LINK_WALLET_INTENT = "link-wallet";
export const LINK_PHONE_REQUEST_INTENT = "link-phone-request";
export const LINK_PHONE_INTENT = "link-phone";

/**
 * The card's own endpoint (routes/customer/sign-in-ways.ts): POST for a wallet's link message,
 * GET where Google's answer to a link lands.
 */
export const SIGN_IN_WAYS_PATH = "/sponsor-profile/sign-in-ways";
export const SECURITY_TAB_PATH = "/sponsor-profile?tab=security";

export const SIGN_IN_WAY_INTENTS = [REMOVE_WAY_INTENT, LINK_GOOGLE_INTENT, LINK_WALLET_INTENT, LINK_PHONE_REQUEST_INTENT, LINK_PHONE_INTENT] as const;

export type WayKind = "password" | "google" | "email-code" | "phone" | "ethereum" | "solana";

/** A way as the card shows it: `id` is the row to name when removing it (none for the e-mail code). */
export type SignInWay = { id: string | null; kind: WayKind; shown: string; added: string | null; removable: boolean };

/**
 * The words of the "Sign-in ways" card: linking a way, removing one, and the three identity
 * refusals of the catalogue (identity_already_exists, single_identity_not_deletable,
 * identity_not_found), none of which ends the session.
 */
export const WAY_LINK_FAILED_TITLE = "Sign-in Way Not Added";
export const WAY_REMOVE_FAILED_TITLE = "Sign-in Way Not Removed";

export type LinkableWay = "google" | "phone" | "ethereum" | "solana";

const WAY_NOUN: Record<LinkableWay, string> = {
  google: "Google account",
  phone: "phone number",
  ethereum: "Ethereum wallet",
  solana: "Solana wallet",
};

/** identity_already_exists: the proof was good, but the identity is another account's way in. */
export const identityAlreadyExists = (way: LinkableWay) =>
  `This ${WAY_NOUN[way]} already belongs to another Apiary account, so it cannot be added to yours. Sign in with it to use that account, or remove it there first.`;
/** The same identity, already one of the person's own ways. */
export const identityAlreadyYours = (way: LinkableWay) => `This ${WAY_NOUN[way]} is already one of your ways to sign in.`;
/** single_identity_not_deletable. */
export const SINGLE_IDENTITY_NOT_DELETABLE = "This is your only way to sign in, so it cannot be removed. Add another way first.";
/** identity_not_found. */
export const IDENTITY_NOT_FOUND = "This way to sign in was already removed.";
/** The e-mail code is the address's own way in: it goes when the address changes, not from this list. */
export const EMAIL_CODE_NOT_REMOVABLE = "A code by e-mail goes with your e-mail address: it cannot be removed on its own.";
export const GOOGLE_LINK_FAILED = "Google did not link your account. Please try again.";
export const GOOGLE_UNAVAILABLE = "Google sign-in is not available on this site.";
/** What a wallet signs to be linked (the sign-in statement says "Sign in"). */
export const WALLET_LINK_STATEMENT = "Add this wallet as a way to sign in to your Apiary account. This request costs nothing and does not move any funds.";

export const wayAdded = (way: LinkableWay, shown: string): Toast => ({
  title: "Sign-in way added",
  description: way === "google" ? "You can now sign in with Google." : `You can now sign in with your ${WAY_NOUN[way]} ${shown}.`,
  variant: "success",
});
export const wayRemoved = (shown: string): Toast => ({ title: "Sign-in way removed", description: `${shown} can no longer sign you in.`, variant: "success" });

/** The text that proves a number for linking: the code first, and the WebOTP line browsers autofill from. */
export function linkPhoneText(code: string, appUrl: string) {
  return `${code} is your Apiary code to add this number to your account. It works for 10 minutes. Never share it.\n\n@${new URL(appUrl).host} #${code}`;
}
