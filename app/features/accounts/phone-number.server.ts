import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * A number as typed ("(360) 555-0100", "+44 20 7946 0958") in E.164 ("+13605550100"), or null
 * when it is not a possible number. Without a country code, a number is read as one of the United
 * States, where the organisation is.
 */
export function toE164(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(typed, { defaultCountry: "US", extract: false });
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

/** "+1 360 555 0100": how a number is shown back to its owner. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
