// Relative: the screen declarations (loaded by routes.ts before the "~" alias exists) use these.
import { centsToNumeric, toCents } from "../../platform/money";

/**
 * Dates in the back-office, the same on the server and in every browser: the organisation's
 * own time zone (the Stanwood property's), the spec's "MMM dd, yyyy".
 */
export const BACK_OFFICE_TIME_ZONE = "America/Los_Angeles";
const ZONE = BACK_OFFICE_TIME_ZONE;
const day = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, month: "short", day: "2-digit", year: "numeric" });
const time = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, hour: "2-digit", minute: "2-digit", hour12: false });

export const formatDayOf = (iso: string) => day.format(new Date(iso));
export const formatMomentOf = (iso: string) => `${day.format(new Date(iso))}, ${time.format(new Date(iso))}`;

/** A numeric(10,2) amount as a form field holds it, "1999.00" (through integer cents, never floating point). */
export const moneyText = (amount: string) => centsToNumeric(toCents(amount));
/** A numeric(10,2) amount in a list, "$1999.00". */
export const formatMoney = (amount: string) => `$${moneyText(amount)}`;
