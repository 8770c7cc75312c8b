import { and, asc, count, eq, sql } from "drizzle-orm";
import { can } from "~/features/accounts/permissions";
import { adoptionsScreen } from "~/features/adoptions/adoptions.screen";
import { adoptionPaymentIs, monthStartOf, paidInMonthOf } from "~/features/adoptions/payment-filter.server";
import type { BackOfficeContext } from "~/features/back-office/context";
import { BACK_OFFICE_TIME_ZONE } from "~/features/back-office/format";
import { addDays, todayIn } from "~/features/bookings/stay-dates";
import { bookingsScreen } from "~/features/bookings/bookings.screen";
import { arrivingOn, departingOn } from "~/features/bookings/stay-days.server";
import { dueAnUpdate } from "~/features/hives/update-due.server";
import { queryRows, type Queryable } from "~/platform/db/client.server";
import { assets, bookings, hiveAdoptions, hives, locations, paymentHistory } from "~/platform/db/schema";
import { classifyError } from "~/platform/errors/classify";
import { noteFailedRead } from "~/platform/db/table-access";
import { toCents } from "~/platform/money";
import type { Platform } from "~/platform/runtime.server";
import { overviewCollapsed } from "./overview-preference.server";
import { OCCUPANCY_NIGHTS, overviewParts, type DayOverview, type LocationDay } from "./overview";

/** The oldest requests the overview names (the rest are behind its link). */
const OLDEST_SHOWN = 3;

const hoursSince = (then: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - then.getTime()) / 3_600_000));

/**
 * The overview as the first screen shows it: folded away or not (the person's choice), the
 * back-office's day for its heading, and the figures, which are not read while it is folded away.
 */
export async function overviewOf(ctx: Pick<BackOfficeContext, "platform" | "actor">) {
  const { platform, actor } = ctx;
  const now = new Date(platform.clock.now());
  const today = todayIn(BACK_OFFICE_TIME_ZONE, now);
  const read = await besideTheScreen(platform, "the day's overview", async () => {
    const collapsed = actor.kind === "staff" && (await overviewCollapsed(platform.db, actor.userId));
    return { collapsed, figures: collapsed ? null : await loadDayOverview(ctx, now) };
  });
  return read ? { ...read, today, failed: false } : { collapsed: false, today, figures: null, failed: true };
}

/**
 * The overview and the menu's counts come with every screen they are beside: a database that
 * cannot answer them (a table offline) must not take that screen down with them. The screen says
 * what failed in its own words (Bookings' "Error [code]"); they log it and step aside.
 */
async function besideTheScreen<T>(platform: Pick<Platform, "logger">, what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    noteFailedRead();
    platform.logger.error({ err: error, code: classifyError(error).code }, `${what} could not be read`);
    return null;
  }
}

export async function loadDayOverview({ platform, actor }: Pick<BackOfficeContext, "platform" | "actor">, now = new Date(platform.clock.now())): Promise<DayOverview> {
  const parts = overviewParts(actor);
  const db = platform.db;
  const [stays, adoptions, payments, dueHives] = await Promise.all([
    parts.stays ? staysOf(db, now) : null,
    parts.adoptions ? adoptionsWaiting(db, now) : null,
    parts.adoptions ? paymentsThisMonth(db, now) : null,
    parts.hives ? db.select({ n: count() }).from(hives).where(dueAnUpdate(now)) : null,
  ]);
  return { today: todayIn(BACK_OFFICE_TIME_ZONE, now), stays, adoptions, payments, hives: dueHives ? { due: dueHives[0]!.n } : null };
}

async function staysOf(db: Queryable, now: Date) {
  // The locations with assets, each with its assets in service (an asset marked unavailable is off sale: its nights don't count).
  const places = await db
    .select({ id: locations.id, name: locations.name, timeZone: locations.timeZone, inService: sql<number>`count(*) filter (where ${assets.status} <> 'unavailable')`.mapWith(Number) })
    .from(locations)
    .innerJoin(assets, eq(assets.locationId, locations.id))
    .groupBy(locations.id)
    .orderBy(asc(locations.name));
  const [days, waiting] = await Promise.all([Promise.all(places.map((place) => locationDay(db, place, todayIn(place.timeZone, now)))), waitingRequests(db, now)]);
  return { locations: days, ...waiting };
}

async function locationDay(db: Queryable, place: { id: string; name: string; inService: number }, today: string): Promise<LocationDay> {
  const end = addDays(today, OCCUPANCY_NIGHTS);
  const [[comings], [held]] = await Promise.all([
    db
      .select({ arrivals: sql<number>`count(*) filter (where ${arrivingOn(today)})`.mapWith(Number), departures: sql<number>`count(*) filter (where ${departingOn(today)})`.mapWith(Number) })
      .from(bookings)
      .innerJoin(assets, eq(assets.id, bookings.assetId))
      .where(and(eq(assets.locationId, place.id), sql`(${arrivingOn(today)} or ${departingOn(today)})`)),
    // Every night held on an asset, by a booking here or a block from another site's calendar
    // (asset_nights, kept by triggers), cut to the window.
    queryRows<{ nights: number | string | null }>(
      db,
      sql`select sum(upper(n.nights * w.nights) - lower(n.nights * w.nights)) as nights
          from asset_nights n
          join ${assets} on ${assets.id} = n.asset_id
          cross join (select daterange(${today}::date, ${end}::date, '[)') as nights) w
          where ${assets.locationId} = ${place.id} and ${assets.status} <> 'unavailable' and n.nights && w.nights`,
    ),
  ]);
  return {
    id: place.id,
    name: place.name,
    today,
    arrivals: comings?.arrivals ?? 0,
    departures: comings?.departures ?? 0,
    nights: place.inService * OCCUPANCY_NIGHTS,
    nightsHeld: Number(held?.nights ?? 0),
  };
}

/** The booking requests waiting for a decision (pending), the oldest first. */
async function waitingRequests(db: Queryable, now: Date) {
  // Two reads, not a window count beside the rows: `count(*) over ()` makes the database read
  // every pending row before it can stop at the oldest few.
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: bookings.id, guestName: bookings.guestName, location: bookings.location, checkInDate: bookings.checkInDate, createdAt: bookings.createdAt })
      .from(bookings)
      .where(eq(bookings.status, "pending"))
      .orderBy(asc(bookings.createdAt), asc(bookings.id))
      .limit(OLDEST_SHOWN),
    db.select({ n: count() }).from(bookings).where(eq(bookings.status, "pending")),
  ]);
  return {
    pending: counted?.n ?? 0,
    oldest: rows.map(({ id, guestName, location, checkInDate, createdAt }) => ({ id, guestName, location, checkInDate, waitingHours: hoursSince(createdAt, now) })),
  };
}

/** Adoption requests (pending) with nothing paid yet, and those paid that wait to be made active. */
async function adoptionsWaiting(db: Queryable, now: Date) {
  const [row] = await db
    .select({
      awaitingPayment: sql<number>`count(*) filter (where ${adoptionPaymentIs("none", now)})`.mapWith(Number),
      awaitingActivation: sql<number>`count(*) filter (where ${adoptionPaymentIs("recorded", now)})`.mapWith(Number),
      oldest: sql<Date | null>`min(${hiveAdoptions.createdAt})`.mapWith(hiveAdoptions.createdAt),
    })
    .from(hiveAdoptions)
    .where(eq(hiveAdoptions.status, "pending"));
  return {
    awaitingPayment: row?.awaitingPayment ?? 0,
    awaitingActivation: row?.awaitingActivation ?? 0,
    oldestWaitingHours: row?.oldest ? hoursSince(row.oldest, now) : null,
  };
}

async function paymentsThisMonth(db: Queryable, now: Date) {
  const [row] = await db
    .select({ count: count(), total: sql<string>`coalesce(sum(${paymentHistory.amount}), 0)::numeric(12,2)::text` })
    .from(paymentHistory)
    .where(paidInMonthOf(now));
  return { count: row?.count ?? 0, totalCents: toCents(row?.total ?? "0"), monthStart: monthStartOf(now) };
}

/**
 * The menu's counts of requests waiting for a decision: pending bookings beside Bookings, pending
 * adoptions beside Hive Adoptions, each for staff who may view that screen (by screen id).
 */
export async function pendingCounts({ platform, actor }: Pick<BackOfficeContext, "platform" | "actor">): Promise<Record<string, number>> {
  const db = platform.db;
  const pendingIn = (screen: string, read: () => Promise<{ n: number }[]>) => besideTheScreen(platform, `the menu's count for ${screen}`, async () => ({ [screen]: (await read())[0]!.n }));
  const counts = await Promise.all([
    can(actor, "bookings", "view") ? pendingIn(bookingsScreen.id, () => db.select({ n: count() }).from(bookings).where(eq(bookings.status, "pending"))) : null,
    can(actor, "hive_adoptions", "view") ? pendingIn(adoptionsScreen.id, () => db.select({ n: count() }).from(hiveAdoptions).where(eq(hiveAdoptions.status, "pending"))) : null,
  ]);
  return Object.assign({}, ...counts);
}
