import { z } from "~/platform/zod";

/**
 * The forms of the sign-in ways by code (e-mail link and code, phone and text code), shared by
 * the browser and the commands. The phone number is parsed for real on the server (E.164, with
 * libphonenumber-js); here only its shape is checked, so the page carries no number metadata.
 */
const email = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Please enter a valid email address").max(255, "Please enter a valid email address"))
  // The stand-in addresses of accounts without e-mail (no-email.ts) are not addresses anyone reads.
  .refine((value) => !value.endsWith(".invalid"), "Please enter a valid email address");

const code = z
  .string({ error: "Enter the 6-digit code" })
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code"));

const phone = z
  .string({ error: "Please enter your phone number" })
  .trim()
  .min(1, "Please enter your phone number")
  .max(40, "Please enter a valid phone number")
  .regex(/^\+?[\d\s().-]{6,}$/, "Please enter a valid phone number, with its country code (for example +1 360 555 0100).");

export const EmailCodeRequestSchema = z.object({ email });
export const EmailCodeSchema = z.object({ email, code });
export const PhoneCodeRequestSchema = z.object({ phone });
export const PhoneCodeSchema = z.object({ phone, code });
/** The contact address a phone-only account adds, and the code that proves it. */
export const ContactEmailRequestSchema = z.object({ email });
export const ContactEmailCodeSchema = z.object({ email, code });
/** The same fields for the phone second factor's forms (two-step/two-step.schema.ts). */
export { code as sixDigitCode, phone as phoneField };
