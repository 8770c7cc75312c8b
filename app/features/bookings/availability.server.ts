import { and, asc, eq, exists, sql } from "drizzle-orm";
import { queryRows, type Queryable } from "~/platform/db/client.server";
import { assets, locations } from "~/platform/db/schema";
import { toCents } from "~/platform/money";
import { freeWindows, nightsBetween, todayIn, type BookedRange, type FreeWindow } from "./stay-dates";

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

/** An asset with what a booking needs to know about it and its location. */
export async function findAssetForBooking(db: Queryable, assetId: string) {
  const [row] = await db
    .select({
      id: assets.id,
      name: assets.name,
      type: assets.type,
      status: assets.status,
      pricePerNight: assets.pricePerNight,
      locationName: locations.name,
      timeZone: locations.timeZone,
    })
    .from(assets)
    .innerJoin(locations, eq(locations.id, assets.locationId))
    .where(eq(assets.id, assetId));
  return row ? { ...row, pricePerNightCents: toCents(row.pricePerNight) } : undefined;
}

/**
 * What holds an asset's nights from the property's today on (pending and confirmed stays, and
 * blocks from other sites' calendars), plus that today: the calendar greys these out. The
 * database constraint has the final word.
 */
export async function listBookedRanges(db: Queryable, assetId: string, now = new Date()): Promise<{ today: string; ranges: BookedRange[] } | undefined> {
  const asset = await findAssetForBooking(db, assetId);
  if (!asset) return undefined;
  const today = todayIn(asset.timeZone, now);
  // asset_nights holds exactly the live stays and the blocks (migration 0008); ranges are [check-in, check-out).
  const rows = await queryRows<BookedRange>(
    db,
    sql`select lower(nights)::text as "checkIn", upper(nights)::text as "checkOut" from asset_nights where asset_id = ${assetId} and upper(nights) > ${today}::date order by lower(nights)`,
  );
  return { today, ranges: rows };
}

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
