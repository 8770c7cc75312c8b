// Relative imports only, if any: the screen declarations (loaded by routes.ts before the "~" alias exists) use this.
import { format, isValid, parseISO } from "date-fns";

/** A calendar day (yyyy-MM-dd) as the pages show dates, the spec's "Nov 02, 2026". */
export function formatDay(day: string): string {
  return format(parseISO(day), "MMM dd, yyyy");
}

/** A calendar day as the e-mails write it out: `2030-06-10` → "Monday, June 10, 2030"; anything else is shown as given. */
export function formatDayLong(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = parseISO(value);
  return isValid(date) ? format(date, "EEEE, MMMM d, yyyy") : value;
}
