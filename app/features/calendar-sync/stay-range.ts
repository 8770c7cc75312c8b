import { format, parseISO } from "date-fns";

/** Nights [start, end) as a person says them: "Jun 3 – Jun 5, 2027", or "Dec 30, 2027 – Jan 2, 2028" across a year. */
export function stayRange(start: string, end: string): string {
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  return `${format(parseISO(start), sameYear ? "MMM d" : "MMM d, yyyy")} – ${format(parseISO(end), "MMM d, yyyy")}`;
}
