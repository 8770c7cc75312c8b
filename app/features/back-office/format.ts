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

/**
 * The CSV export's values, for a spreadsheet to compute with rather than a person to read: an
 * amount as a plain number ("1999.00", its currency in a column of its own), a day as yyyy-MM-dd,
 * a moment as yyyy-MM-dd HH:mm in the organisation's time zone.
 */
export const CURRENCY = "USD";
export const csvAmount = moneyText;
const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
/** The organisation's day of a moment, "2026-12-13". */
export const isoDayOf = (iso: string) => isoDay.format(new Date(iso));
export const isoMomentOf = (iso: string) => `${isoDayOf(iso)} ${time.format(new Date(iso))}`;
