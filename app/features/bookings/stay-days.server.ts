import { and, eq, sql, type SQL } from "drizzle-orm";
import { bookings } from "~/platform/db/schema";
import { addDays } from "./stay-dates";

/**
 * Who arrives or leaves on a day: the Bookings list's "Arriving on" and "Departing on" filters
 * and the day's overview count the same stays. A cancelled stay arrives on no day; a pending one
 * may (the request is still open), so both pending and confirmed count. The range overlap is the
 * exclusion constraint's own expression, so its GiST index finds the stays without reading the
 * whole table: arriving on D holds the night of D, leaving on D held the night before.
 */
const holdsNights = (from: string, to: string) =>
  sql`${bookings.status} <> 'cancelled' and daterange(${bookings.checkInDate}, ${bookings.checkOutDate}, '[)') && daterange(${from}::date, ${to}::date, '[)')`;

export const arrivingOn = (day: string): SQL => and(holdsNights(day, addDays(day, 1)), eq(bookings.checkInDate, day))!;

export const departingOn = (day: string): SQL => and(holdsNights(addDays(day, -1), day), eq(bookings.checkOutDate, day))!;
