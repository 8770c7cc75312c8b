// Relative: the Bookings screen declaration (loaded by routes.ts before the "~" alias exists) uses bookingCode.
import { isUniqueClash } from "../../platform/db/errors";

/**
 * A booking's code as people read it out and type it: the location's first three letters and the
 * booking's reference, "STA-3F9A0C". Shown on the site and in the e-mails instead of the id.
 */
export function bookingCode(location: string, reference: string): string {
  const letters = location
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 3)
    .toUpperCase();
  return letters ? `${letters}-${reference}` : reference;
}

/** The reference drawn for a new booking was already taken (one in millions): insert again. */
export const referenceTaken = isUniqueClash("bookings_reference_key");

/** Six random hex digits, as the database's default draws them for rows written elsewhere. */
export function newReference(): string {
  const bytes = new Uint8Array(3);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("").toUpperCase();
}
