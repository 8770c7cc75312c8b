import { accountLabel, placeholderIdentity } from "./no-email";
import { formatPhone } from "./phone-number.server";

/**
 * `accountLabel` for pages rendered on the server: the same name for an account, with a phone
 * number written as its country writes it (`+1 360 555 0100`). The formatting library stays on
 * the server; the browser's lists show the number as stored.
 */
export function shownIdentity(email: string): string {
  const identity = placeholderIdentity(email);
  return identity?.kind === "phone" ? formatPhone(identity.value) : accountLabel(email);
}
