import { formatDayLong } from "../../day-format";
import { plural } from "../../plural";

/** A stay's facts as the booking e-mails list them, after their own first rows. */
export function stayRows(p: { assetName: string; location: string; checkInDate: string; checkOutDate: string; numberOfNights: number; numberOfGuests: number }): [string, string][] {
  return [
    ["Stay", p.assetName],
    ["Location", p.location],
    ["Check-in", formatDayLong(p.checkInDate)],
    ["Check-out", formatDayLong(p.checkOutDate)],
    ["Length of stay", plural(p.numberOfNights, "night")],
    ["Guests", plural(p.numberOfGuests, "guest")],
  ];
}
