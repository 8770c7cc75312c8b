import { z } from "~/platform/zod";
import { PhoneCodeRequestSchema, PhoneCodeSchema } from "./sign-in-ways/code.schema";

/** The "Sign-in ways" card's forms, shared by the browser and the commands. */
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

/** A way is named by its row's id (the `accounts` row); the server finds it among the person's own. */
export const RemoveWaySchema = z.object({ wayId: z.string({ error: "Choose a way to remove" }).trim().min(1, "Choose a way to remove").max(100, "Choose a way to remove") });
export const LinkPhoneRequestSchema = PhoneCodeRequestSchema;
export const LinkPhoneSchema = PhoneCodeSchema;

export type WayKind = "password" | "google" | "email-code" | "phone" | "ethereum" | "solana";

/** A way as the card shows it: `id` is the row to name when removing it (none for the e-mail code). */
export type SignInWay = { id: string | null; kind: WayKind; shown: string; added: string | null; removable: boolean };
