// Relative imports only, if any: the screen declarations (loaded by routes.ts before the "~" alias exists) use this.
// The browser's own Intl rather than date-fns: these run on the interactive pages, where
// date-fns' format and parseISO were about 10 KB of their script (docs/decisions/0021).

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day (yyyy-MM-dd) as midnight UTC, the zone every day is shown in; undefined for a day that does not exist. */
export function dayAsUtc(day: string): Date | undefined {
  const parts = DAY.exec(day);
  if (!parts) return undefined;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const utc = new Date(Date.UTC(year, month - 1, date));
  return utc.getUTCMonth() === month - 1 && utc.getUTCDate() === date ? utc : undefined;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * US English, `options` as Intl takes them. A calendar day (yyyy-MM-dd) is shown as written, on
 * any machine (in UTC, where it was made); a moment (a Date or an ISO timestamp) in the local
 * zone, as date-fns' format did.
 */
export function formatInstant(value: Date | string, options: Intl.DateTimeFormatOptions): string {
  const day = typeof value === "string" ? dayAsUtc(value) : undefined;
  const date = day ?? (typeof value === "string" ? new Date(value) : value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid time value: ${String(value)}`);
  const key = `${day ? "utc" : "local"} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat("en-US", day ? { ...options, timeZone: "UTC" } : options)));
  return formatter.format(date);
}

/** A calendar day (yyyy-MM-dd) as the pages show dates, the spec's "Nov 02, 2026". */
export function formatDay(day: string): string {
  return formatInstant(day, { month: "short", day: "2-digit", year: "numeric" });
}

/** A calendar day as the e-mails write it out: `2030-06-10` → "Monday, June 10, 2030"; anything else is shown as given. */
export function formatDayLong(value: string): string {
  return dayAsUtc(value) ? formatInstant(value, { weekday: "long", month: "long", day: "numeric", year: "numeric" }) : value;
}
