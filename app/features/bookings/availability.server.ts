import { and, asc, eq, exists, sql } from "drizzle-orm";
import { queryRows, type Queryable } from "~/platform/db/client.server";
import { assets, locations } from "~/platform/db/schema";
import { toCents } from "~/platform/money";
import { BOOKING_HORIZON_DAYS, MAX_NIGHTS } from "./booking-limits";
import { addDays, freeWindows, nightsBetween, todayIn, type BookedRange, type FreeWindow } from "./stay-dates";

/** Locations having at least one available asset, by name (public data). */
export function listBookableLocations(db: Queryable) {
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(exists(db.select({ one: assets.id }).from(assets).where(and(eq(assets.locationId, locations.id), eq(assets.status, "available")))))
    .orderBy(asc(locations.name));
}

export type BookableAsset = {
  id: string;
  name: string;
  type: "rv" | "rental";
  description: string | null;
  pricePerNightCents: number;
  checkInTime: string;
  checkOutTime: string;
};

/** The available assets of a location, by name (public data). */
export async function listAvailableAssets(db: Queryable, locationId: string): Promise<BookableAsset[]> {
  const rows = await db
    .select({
      id: assets.id,
      name: assets.name,
      type: assets.type,
      description: assets.description,
      pricePerNight: assets.pricePerNight,
      checkInTime: assets.checkInTime,
      checkOutTime: assets.checkOutTime,
    })
    .from(assets)
    .where(and(eq(assets.locationId, locationId), eq(assets.status, "available")))
    .orderBy(asc(assets.name));
  return rows.map(({ pricePerNight, ...row }) => ({
    ...row,
    pricePerNightCents: toCents(pricePerNight),
    checkInTime: row.checkInTime.slice(0, 5),
    checkOutTime: row.checkOutTime.slice(0, 5),
  }));
}

/**
 * An asset with what a booking of the nights [checkIn, checkOut) needs to know: the asset, its
 * location, and whether a stay or a block holds any of those nights already (asked in the same
 * round trip: a clash is then answered with one query).
 */
export async function findAssetForBooking(db: Queryable, assetId: string, stay: { checkIn: string; checkOut: string }) {
  const [row] = await db
    .select({
      id: assets.id,
      name: assets.name,
      type: assets.type,
      status: assets.status,
      pricePerNight: assets.pricePerNight,
      locationName: locations.name,
      timeZone: locations.timeZone,
      nightsTaken: sql<boolean>`exists (select 1 from asset_nights where asset_id = ${assets.id} and nights && daterange(${stay.checkIn}::date, ${stay.checkOut}::date, '[)'))`,
    })
    .from(assets)
    .innerJoin(locations, eq(locations.id, assets.locationId))
    .where(eq(assets.id, assetId));
  return row ? { ...row, pricePerNightCents: toCents(row.pricePerNight) } : undefined;
}

/** Days from the property's today to the end of the last night a stay booked today could have. */
const CALENDAR_DAYS = BOOKING_HORIZON_DAYS + MAX_NIGHTS;

/**
 * What holds an asset's nights from the property's today until the last night a stay booked now
 * could have (pending and confirmed stays, and blocks from other sites' calendars), plus that
 * today: the calendar greys these out. The database constraint has the final word.
 */
export async function listBookedRanges(db: Queryable, assetId: string, now = new Date()): Promise<{ today: string; ranges: BookedRange[] } | undefined> {
  // One round trip, though today is the property's own: every zone's today is within a day of
  // UTC's, so the nights are asked for over a day more on each side and trimmed here.
  const utcToday = now.toISOString().slice(0, 10);
  // asset_nights holds exactly the live stays and the blocks (migration 0008); ranges are [check-in, check-out).
  // Bounded on both sides, as the exclusion constraint's index is searched: an asset's past and
  // its nights beyond the booking horizon are never read, however many years it has been let.
  // Back-to-back stays come merged (range_agg), as one text: a busy asset's two years are a few
  // runs of booked nights, not hundreds of rows, and the calendar needs no more.
  const rows = await queryRows<{ timeZone: string; booked: string | null }>(
    db,
    sql`select l.time_zone as "timeZone",
          (select range_agg(nights)::text from asset_nights
           where asset_id = a.id and nights && daterange(${addDays(utcToday, -1)}::date, ${addDays(utcToday, CALENDAR_DAYS + 1)}::date, '[)')) as "booked"
        from assets a join locations l on l.id = a.location_id
        where a.id = ${assetId}`,
  );
  const [row] = rows;
  if (!row) return undefined;
  const today = todayIn(row.timeZone, now);
  const until = addDays(today, CALENDAR_DAYS);
  const ranges: BookedRange[] = [];
  // A multirange's text: {[2026-11-21,2026-11-25),[2026-12-01,2026-12-03)}, in order.
  for (const [, checkIn, checkOut] of (row.booked ?? "").matchAll(DATE_RANGE)) {
    // Nights before today are past for the calendar whether booked or not.
    if (checkOut! > today && checkIn! < until) ranges.push({ checkIn: checkIn! < today ? today : checkIn!, checkOut: checkOut! });
  }
  return { today, ranges };
}

const DATE_RANGE = /\[(\d{4}-\d{2}-\d{2}),(\d{4}-\d{2}-\d{2})\)/g;

export type StayAtAGlance = BookableAsset & { nextFree: FreeWindow[] };

/**
 * What a visitor wants first about a location's stays: price, times and the next free dates
 * (the first three runs of free nights), before choosing anything.
 */
export async function listStaysAtAGlance(db: Queryable, locationId: string, now = new Date()): Promise<StayAtAGlance[]> {
  const stays = await listAvailableAssets(db, locationId);
  return Promise.all(
    stays.map(async (stay) => {
      const calendar = await listBookedRanges(db, stay.id, now);
      return { ...stay, nextFree: calendar ? freeWindows(calendar.today, calendar.ranges, 3) : [] };
    }),
  );
}

/** nights × price per night, in integer cents. */
export function quoteStay(pricePerNightCents: number, checkIn: string, checkOut: string) {
  const nights = nightsBetween(checkIn, checkOut);
  return { nights, totalCents: nights * pricePerNightCents };
}
