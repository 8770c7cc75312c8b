import { format, parseISO } from "date-fns";

/** A calendar day (yyyy-MM-dd) as the spec shows dates: "Nov 02, 2026". */
export function formatDay(day: string): string {
  return format(parseISO(day), "MMM dd, yyyy");
}

/** A moment, shown as its calendar day in the server's rendering: "Nov 02, 2026". */
export function formatDate(value: Date | string): string {
  return format(typeof value === "string" ? parseISO(value) : value, "MMM dd, yyyy");
}

export { formatUsd } from "~/platform/money";
