import { formatInstant } from "../platform/day-format";

export { formatDay } from "../platform/day-format";

/** A moment, shown as its calendar day in the server's rendering: "Nov 02, 2026". */
export function formatDate(value: Date | string): string {
  return formatInstant(value, { month: "short", day: "2-digit", year: "numeric" });
}

export { formatUsd } from "../platform/money";

/** A time of day ("15:00" or "15:00:00") in the site's 12-hour US format: "3:00 PM". */
export function formatClockTime(time: string): string {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

/** A short day for lists of dates: "Wed, Nov 25". */
export function formatShortDay(day: string): string {
  return formatInstant(day, { weekday: "short", month: "short", day: "numeric" });
}
