/** Locations, assets and bookings written straight into the database. */
import type { Queryable } from "~/platform/db/client.server";
import { assets, bookings, locations } from "~/platform/db/schema";

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++counter}`;

export async function insertLocation(db: Queryable, values: { name?: string; timeZone?: string } = {}) {
  const [row] = await db
    .insert(locations)
    .values({ name: values.name ?? unique("Lake"), address: "1 Shore Rd, Stanwood, WA", timeZone: values.timeZone ?? "America/Los_Angeles" })
    .returning();
  return row!;
}

export async function insertAsset(
  db: Queryable,
  locationId: string,
  values: { name?: string; pricePerNight?: string; status?: "available" | "occupied" | "maintenance" | "unavailable"; type?: "rv" | "rental" } = {},
) {
  const [row] = await db
    .insert(assets)
    .values({
      locationId,
      name: values.name ?? unique("Trailer"),
      pricePerNight: values.pricePerNight ?? "165.00",
      status: values.status ?? "available",
      type: values.type ?? "rv",
    })
    .returning();
  return row!;
}

/** A location of its own with one RV at $125.50 a night. */
export async function insertStayAsset(db: Queryable, name = unique("Lakeside RV")) {
  const location = await insertLocation(db, { name: unique("Test Meadow") });
  const asset = await insertAsset(db, location.id, { name, pricePerNight: "125.50" });
  return { location, asset };
}

type BookingRow = typeof bookings.$inferInsert;

let nextDay = 0;
/**
 * A stay of `nights` nights on days no other call of this module used, so stays never clash.
 * The days chosen here start in 2040, after every date a test passes itself (those stay before
 * 2040): a file with many stays once walked into a test's own December 2031 and clashed.
 */
export async function insertBooking(db: Queryable, assetId: string, values: Partial<BookingRow> & { guestEmail: string }) {
  const nights = values.numberOfNights ?? 2;
  const start = new Date(Date.UTC(2040, 0, 1) + (nextDay += 10) * 86_400_000);
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const [row] = await db
    .insert(bookings)
    .values({
      assetId,
      location: "Test Meadow",
      guestName: "Guest",
      checkInDate: day(0),
      checkOutDate: day(nights),
      numberOfNights: nights,
      totalAmount: "251.00",
      experienceType: "rv",
      ...values,
    })
    .returning();
  return row!;
}
