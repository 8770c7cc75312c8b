import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import { assertCan, can } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import { isRecordId } from "~/features/back-office/record-id";
import type { Queryable } from "~/platform/db/client.server";
import { assetBlocks, assets, bookings, calendarImports, locations, staffPreferences } from "~/platform/db/schema";
import type { BookingStatusName } from "./booking-options";
import { addDays, todayIn } from "./stay-dates";

/**
 * The occupancy calendar of the back-office home (a "tape chart"): one location's assets down the
 * side, the nights of a month across, each pending or confirmed stay a bar over its nights, and
 * who arrives and leaves today. "Today" is the location's own day, whatever the browser's zone.
 */
export type OccupancyStay = { id: string; assetId: string; guestName: string; checkInDate: string; checkOutDate: string; status: Exclude<BookingStatusName, "cancelled">; numberOfGuests: number };
/** Nights another site's calendar blocks (calendar sync). */
export type OccupancyBlock = { id: string; assetId: string; source: string; startDate: string; endDate: string };
export type TodayStay = { id: string; guestName: string; assetName: string; numberOfGuests: number; guestPhone: string | null };

export type Occupancy = {
  locations: { id: string; name: string }[];
  /** Whether the viewer may add assets and locations: what an empty calendar suggests. */
  mayAdd: { assets: boolean; locations: boolean };
  /** The location shown, or null when there is none yet. */
  location: { id: string; name: string; timeZone: string } | null;
  /** `yyyy-MM` and its first day and the day after its last (the nights shown are [start, end)). */
  month: string;
  start: string;
  end: string;
  today: string;
  assets: { id: string; name: string; status: string; pricePerNight: string }[];
  stays: OccupancyStay[];
  blocks: OccupancyBlock[];
  arrivals: TodayStay[];
  departures: TodayStay[];
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month asked for (`yyyy-MM`, years 2000–2100), or the one `today` is in. */
export function monthOf(asked: string | null | undefined, today: string) {
  const match = MONTH.exec(asked ?? "");
  const valid = match !== null && Number(match[1]) >= 2000 && Number(match[1]) <= 2100;
  const [year, month] = valid ? [Number(match[1]), Number(match[2])] : [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const start = `${year}-${String(month).padStart(2, "0")}-01`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { month: start.slice(0, 7), start, end: addDays(start, days) };
}

/**
 * The location the calendar shows: the one asked for (the URL's, so it survives a save and a
 * reload), else the one this person chose last, else the first with assets to show, else the first.
 * Asking for one remembers it for the person (staff_preferences), on whichever device they are.
 */
export async function loadOccupancy({ platform, actor }: BackOfficeContext, asked: { location?: string | null; month?: string | null }, now = new Date()): Promise<Occupancy> {
  assertCan(actor, "bookings", "view");
  const db = platform.db;
  const staffId = actor.kind === "staff" ? actor.userId : null;
  const [all, withAssets, remembered] = await Promise.all([
    db.select({ id: locations.id, name: locations.name, timeZone: locations.timeZone }).from(locations).orderBy(asc(locations.name)),
    db.selectDistinct({ locationId: assets.locationId }).from(assets),
    staffId ? calendarLocationOf(db, staffId) : null,
  ]);
  const hasAssets = new Set(withAssets.map((row) => row.locationId));
  const chosen = isRecordId(asked.location ?? "") ? all.find((candidate) => candidate.id === asked.location) : undefined;
  const found = chosen ?? all.find((candidate) => candidate.id === remembered) ?? all.find((candidate) => hasAssets.has(candidate.id)) ?? all[0];
  const location = found ? { id: found.id, name: found.name, timeZone: found.timeZone } : null;
  if (chosen && staffId && chosen.id !== remembered) await rememberCalendarLocation(db, staffId, chosen.id);
  const today = todayIn(location?.timeZone ?? "America/Los_Angeles", now);
  const { month, start, end } = monthOf(asked.month, today);
  const mayAdd = { assets: can(actor, "assets", "create"), locations: can(actor, "locations", "create") };
  const empty = { locations: all.map(({ id, name }) => ({ id, name })), mayAdd, location, month, start, end, today, assets: [], stays: [], blocks: [], arrivals: [], departures: [] };
  if (!location) return empty;

  const [assetRows, stayRows, todayRows, blockRows] = await Promise.all([
    db.select({ id: assets.id, name: assets.name, status: assets.status, pricePerNight: assets.pricePerNight }).from(assets).where(eq(assets.locationId, location.id)).orderBy(asc(assets.name)),
    // Written as the exclusion constraint's range overlap, so its GiST index finds the month's stays.
    db
      .select({ id: bookings.id, assetId: bookings.assetId, guestName: bookings.guestName, checkInDate: bookings.checkInDate, checkOutDate: bookings.checkOutDate, status: bookings.status, numberOfGuests: bookings.numberOfGuests })
      .from(bookings)
      .innerJoin(assets, eq(assets.id, bookings.assetId))
      .where(and(eq(assets.locationId, location.id), sql`${bookings.status} <> 'cancelled'`, sql`daterange(${bookings.checkInDate}, ${bookings.checkOutDate}, '[)') && daterange(${start}::date, ${end}::date, '[)')`))
      .orderBy(asc(bookings.checkInDate)),
    db
      .select({ id: bookings.id, guestName: bookings.guestName, assetName: assets.name, numberOfGuests: bookings.numberOfGuests, guestPhone: bookings.guestPhone, checkInDate: bookings.checkInDate, checkOutDate: bookings.checkOutDate })
      .from(bookings)
      .innerJoin(assets, eq(assets.id, bookings.assetId))
      // Arriving today holds tonight and leaving today held last night: both overlap [yesterday, tomorrow),
      // which the exclusion constraint's index answers (or the whole table is read for today's two dates).
      .where(
        and(
          eq(assets.locationId, location.id),
          sql`${bookings.status} <> 'cancelled'`,
          sql`daterange(${bookings.checkInDate}, ${bookings.checkOutDate}, '[)') && daterange(${addDays(today, -1)}::date, ${addDays(today, 1)}::date, '[)')`,
          or(eq(bookings.checkInDate, today), eq(bookings.checkOutDate, today)),
        ),
      )
      .orderBy(asc(assets.name), asc(bookings.guestName)),
    db
      .select({ id: assetBlocks.id, assetId: assetBlocks.assetId, source: calendarImports.name, startDate: assetBlocks.startDate, endDate: assetBlocks.endDate })
      .from(assetBlocks)
      .innerJoin(assets, eq(assets.id, assetBlocks.assetId))
      .innerJoin(calendarImports, eq(calendarImports.id, assetBlocks.importId))
      .where(and(eq(assets.locationId, location.id), lt(assetBlocks.startDate, end), gt(assetBlocks.endDate, start)))
      .orderBy(asc(assetBlocks.startDate)),
  ]);
  const todayStay = ({ id, guestName, assetName, numberOfGuests, guestPhone }: (typeof todayRows)[number]) => ({ id, guestName, assetName, numberOfGuests, guestPhone });
  return {
    ...empty,
    assets: assetRows,
    stays: stayRows as OccupancyStay[],
    blocks: blockRows,
    arrivals: todayRows.filter((row) => row.checkInDate === today).map(todayStay),
    departures: todayRows.filter((row) => row.checkOutDate === today).map(todayStay),
  };
}

/** The location the person's calendar showed last, if they chose one (and it still exists). */
export async function calendarLocationOf(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ locationId: staffPreferences.calendarLocationId }).from(staffPreferences).where(eq(staffPreferences.userId, userId));
  return row?.locationId ?? null;
}

/** A preference, not a change to the organisation's records: no audit row, and no live notice (the table is not watched). */
async function rememberCalendarLocation(db: Queryable, userId: string, locationId: string) {
  await db.insert(staffPreferences).values({ userId, calendarLocationId: locationId }).onConflictDoUpdate({ target: staffPreferences.userId, set: { calendarLocationId: locationId } });
}
