import { hasContactEmail, placeholderIdentity, shortenAddress } from "./no-email";
import { formatPhone } from "./phone-number.server";

/**
 * How an account is named on a page: its e-mail address, or, for an account without one, the
 * number or wallet it signed in with (`+1 360 555 0100`, `0x12ab…cdef`). A stand-in address
 * (no-email.ts) is never shown.
 */
export function shownIdentity(email: string): string {
  if (hasContactEmail(email)) return email;
  const identity = placeholderIdentity(email);
  if (!identity) return "";
  return identity.kind === "phone" ? formatPhone(identity.value) : shortenAddress(identity.value);
}
