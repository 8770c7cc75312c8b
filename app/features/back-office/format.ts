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
