import { format, parse, parseISO } from "date-fns";

export { formatDay } from "../platform/day-format";

/** A moment, shown as its calendar day in the server's rendering: "Nov 02, 2026". */
export function formatDate(value: Date | string): string {
  return format(typeof value === "string" ? parseISO(value) : value, "MMM dd, yyyy");
}

export { formatUsd } from "../platform/money";

/** A time of day ("15:00" or "15:00:00") in the site's 12-hour US format: "3:00 PM". */
export function formatClockTime(time: string): string {
  return format(parse(time.slice(0, 5), "HH:mm", new Date(2000, 0, 1)), "h:mm a");
}

/** A short day for lists of dates: "Wed, Nov 25". */
export function formatShortDay(day: string): string {
  return format(parseISO(day), "EEE, MMM d");
}
