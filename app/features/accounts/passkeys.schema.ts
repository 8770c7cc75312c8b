import { z } from "~/platform/zod";
import { PLAIN_TEXT } from "~/platform/plain-text";
import { PASSKEY_NAME_MAX, PASSKEY_NAME_REQUIRED_MESSAGE, PASSKEY_NAME_TOO_LONG_MESSAGE, PASSKEY_NOT_VERIFIED_MESSAGE } from "./passkey-messages";


/**
 * The passkey forms, shared by the browser and the commands. `response` is what the browser's
 * WebAuthn call answered, as JSON: the command parses and verifies it.
 */
export const PasskeyNameSchema = z
  .string({ message: PASSKEY_NAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, PASSKEY_NAME_REQUIRED_MESSAGE)
  .max(PASSKEY_NAME_MAX, PASSKEY_NAME_TOO_LONG_MESSAGE)
  .regex(PLAIN_TEXT, "The name contains a character that is not allowed");

const responseJson = z.string({ message: PASSKEY_NOT_VERIFIED_MESSAGE }).min(2, PASSKEY_NOT_VERIFIED_MESSAGE).max(20_000, PASSKEY_NOT_VERIFIED_MESSAGE);

/** The add form as the person fills it in (the browser's answer is added as it is sent). */
export const NamePasskeySchema = z.object({ name: PasskeyNameSchema });
export const AddPasskeySchema = z.object({ name: PasskeyNameSchema, response: responseJson });
export const RemovePasskeySchema = z.object({ passkeyId: z.uuid({ message: "Choose a passkey" }) });
export const PasskeySignInSchema = z.object({ response: responseJson });
