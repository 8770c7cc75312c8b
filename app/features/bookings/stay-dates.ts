/**
 * Calendar days as `yyyy-MM-dd` strings, counted in UTC so that no time zone or daylight-saving
 * change can turn one night into two (shared by the browser and the server).
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

function toTime(day: string) {
  return Date.parse(`${day}T00:00:00Z`);
}

/** Nights of the stay [checkIn, checkOut): days between the two dates. */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((toTime(checkOut) - toTime(checkIn)) / DAY_MS);
}

export function addDays(day: string, days: number): string {
  return new Date(toTime(day) + days * DAY_MS).toISOString().slice(0, 10);
}

// Making a formatter costs far more than using one, and every booking and calendar asks for one of a few zones.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day it is now in `timeZone` (a property's own day, not the browser's or UTC). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })));
  const parts = format.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** A booked stay: its nights are [checkIn, checkOut); the check-out day is free for the next guest. */
export type BookedRange = { checkIn: string; checkOut: string };

/** Whether [checkIn, checkOut) shares a night with any booked range. */
export function overlapsAny(checkIn: string, checkOut: string, ranges: readonly BookedRange[]): boolean {
  return ranges.some((r) => checkIn < r.checkOut && r.checkIn < checkOut);
}

/** A date picked in a calendar (the browser's local day) as `yyyy-MM-dd`. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whether the night starting on `day` is held by a stay or a block. */
export function isNightBooked(day: string, ranges: readonly BookedRange[]): boolean {
  return overlapsAny(day, addDays(day, 1), ranges);
}

/** Whether a stay of `nights` nights may start on `day`: not before the property's today, and no booked night in it. */
export function canCheckIn(day: string, nights: number, today: string, ranges: readonly BookedRange[]): boolean {
  return day >= today && !overlapsAny(day, addDays(day, nights), ranges);
}

/** A run of free nights: check in on `from`, check out by `until` (null: nothing booked after it). */
export type FreeWindow = { from: string; until: string | null };

/**
 * The first `count` runs of free nights from `today`, for "next free dates": `ranges` sorted by
 * check-in, as listBookedRanges returns them (a run ends where the next booked night begins).
 */
export function freeWindows(today: string, ranges: readonly BookedRange[], count: number): FreeWindow[] {
  const windows: FreeWindow[] = [];
  let free = today;
  for (const range of ranges) {
    if (windows.length === count) return windows;
    if (range.checkIn > free) windows.push({ from: free, until: range.checkIn });
    if (range.checkOut > free) free = range.checkOut;
  }
  if (windows.length < count) windows.push({ from: free, until: null });
  return windows;
}
