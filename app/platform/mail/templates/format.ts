import { format, isValid, parseISO } from "date-fns";

/** `2030-06-10` → `Monday, June 10, 2030`; anything else is shown as given. */
export function formatDay(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = parseISO(value);
  return isValid(date) ? format(date, "EEEE, MMMM d, yyyy") : value;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A stay's facts as the booking e-mails list them, after their own first rows. */
export function stayRows(p: { assetName: string; location: string; checkInDate: string; checkOutDate: string; numberOfNights: number; numberOfGuests: number }): [string, string][] {
  return [
    ["Stay", p.assetName],
    ["Location", p.location],
    ["Check-in", formatDay(p.checkInDate)],
    ["Check-out", formatDay(p.checkOutDate)],
    ["Length of stay", plural(p.numberOfNights, "night")],
    ["Guests", plural(p.numberOfGuests, "guest")],
  ];
}
