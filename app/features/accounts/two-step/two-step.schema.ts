import { z } from "~/platform/zod";
import { phoneField, sixDigitCode } from "../sign-in-ways/code.schema";
import { DEFAULT_PHONE_FACTOR_NAME, FRIENDLY_NAME_MAX } from "./two-step-messages";


/**
 * The forms of the second factors (the sponsor's "Two-step verification" card and the
 * back-office's security page), shared by the browser and the commands.
 */

const friendlyName = (fallback: string) =>
  z
    .string()
    .trim()
    .max(FRIENDLY_NAME_MAX, `A name can be at most ${FRIENDLY_NAME_MAX} characters long`)
    .default(fallback)
    .transform((name) => name || fallback);

/** Adding a phone: its number and a name for it; a code is texted to prove it. */
export const AddPhoneFactorSchema = z.object({ phone: phoneField, friendlyName: friendlyName(DEFAULT_PHONE_FACTOR_NAME) });
/** The code texted to the new number (the number and name travel again, checked against the code's). */
export const VerifyPhoneFactorSchema = z.object({ phone: phoneField, friendlyName: friendlyName(DEFAULT_PHONE_FACTOR_NAME), code: sixDigitCode });
/** Removing one factor. */
export const RemoveFactorSchema = z.object({ factorId: z.uuid("This second factor no longer exists.") });
/** The sign-in's "Text me a code": which phone (the first when there is one choice). */
export const PhoneChallengeSchema = z.object({ factorId: z.uuid().optional() });
/** User Management's "Reset Second Factors": whose. */
export const ResetFactorsSchema = z.object({ userId: z.string().min(1).max(100) });
/** The name an authenticator app is given as it is set up. */
export const TotpNameSchema = z.object({ friendlyName: friendlyName("Authenticator app") });
