import { eq, isNull, lt, or, sql } from "drizzle-orm";
import { assertCan } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import { isRecordId } from "~/features/back-office/record-id";
import { todayIn } from "~/features/bookings/stay-dates";
import { queryRows, type Queryable } from "~/platform/db/client.server";
import { SqlState, sqlStateOf } from "~/platform/db/errors";
import { assetBlocks, assets, calendarImports, locations } from "~/platform/db/schema";
import { IntervalWorker } from "~/platform/interval-worker.server";
import { failed, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { fetchPublicText, PublicFetchError } from "~/platform/security/public-fetch.server";
import { calendarFeedPath } from "./calendar-export.server";
import { FeedError, parseFeed, type FeedEvent } from "./feed-events";
import { stayRange } from "./stay-range";

type Deps = Pick<Platform, "db" | "env" | "logger">;
type ImportRow = typeof calendarImports.$inferSelect;

/** A sync that ran: how many events the feed has, and the clashes with bookings here for staff to resolve. */
export type Synced = { blocks: number; conflicts: string[] };

/** Who holds some nights of an asset: a live booking (its guest) or another feed's block; `exceptBookingId` is left out (the booking being edited). */
export async function nightsHolder(db: Queryable, assetId: string, start: string, end: string, exceptBookingId?: string) {
  const [row] = await queryRows<{ guestName: string | null; source: string | null; checkIn: string; checkOut: string }>(
    db,
    sql`select b.guest_name as "guestName", ci.name as "source", lower(n.nights)::text as "checkIn", upper(n.nights)::text as "checkOut"
        from asset_nights n
        left join bookings b on b.id = n.booking_id
        left join asset_blocks ab on ab.id = n.block_id
        left join calendar_imports ci on ci.id = ab.import_id
        where n.asset_id = ${assetId} and n.nights && daterange(${start}::date, ${end}::date, '[)') ${exceptBookingId ? sql`and (n.booking_id is null or n.booking_id <> ${exceptBookingId}::uuid)` : sql``}
        order by lower(n.nights) limit 1`,
  );
  return row ?? null;
}

/**
 * Brings one feed's blocks in step with the feed: new events become blocks, changed ones move,
 * vanished ones go. A feed that can't be fetched or read keeps its last good blocks and records
 * the error (a 409 refusal: the other site's state, not the request, is at fault). An event on nights booked here can't become a block (the constraint): it is listed
 * as a conflict for staff, a double booking to resolve with the guest or the other site.
 */
export async function syncImport(deps: Deps, feed: ImportRow, now = new Date()): Promise<Result<Synced>> {
  const [place] = await deps.db.select({ timeZone: locations.timeZone }).from(assets).innerJoin(locations, eq(locations.id, assets.locationId)).where(eq(assets.id, feed.assetId));
  const timeZone = place?.timeZone ?? "America/Los_Angeles";
  let events: FeedEvent[];
  try {
    const text = await fetchPublicText(feed.url, { allowLoopback: deps.env.CALENDAR_FETCH_ALLOW_LOOPBACK });
    events = parseFeed(text, timeZone, todayIn(timeZone, now));
  } catch (error) {
    if (!(error instanceof PublicFetchError) && !(error instanceof FeedError)) throw error;
    await deps.db.update(calendarImports).set({ lastAttemptAt: now, lastError: error.message }).where(eq(calendarImports.id, feed.id));
    return failed(409, error.message);
  }

  const conflicts: string[] = [];
  await deps.db.transaction(async (tx) => {
    // Bookings of this asset wait while its blocks change (the same lock the booking commands take).
    await tx.select({ id: assets.id }).from(assets).where(eq(assets.id, feed.assetId)).for("no key update");
    const existing = await tx.select().from(assetBlocks).where(eq(assetBlocks.importId, feed.id));
    const byKey = new Map(existing.map((block) => [`${block.uid}\u0000${block.startDate}`, block]));
    const wanted = new Set<string>();
    for (const event of events) {
      const key = `${event.uid}\u0000${event.start}`;
      wanted.add(key);
      const current = byKey.get(key);
      if (current && current.endDate === event.end && current.summary === event.summary) continue;
      try {
        // A savepoint each: one refused event leaves the others.
        await tx.transaction(async (savepoint) => {
          if (current) await savepoint.update(assetBlocks).set({ endDate: event.end, summary: event.summary }).where(eq(assetBlocks.id, current.id));
          else await savepoint.insert(assetBlocks).values({ assetId: feed.assetId, importId: feed.id, uid: event.uid, startDate: event.start, endDate: event.end, summary: event.summary });
        });
      } catch (error) {
        if (sqlStateOf(error) !== SqlState.exclusionViolation) throw error;
        if (current) wanted.delete(key);
        const holder = await nightsHolder(tx, feed.assetId, event.start, event.end);
        // Nights another feed already blocks stay blocked: nothing to resolve.
        if (holder?.guestName) conflicts.push(`${feed.name} blocks ${stayRange(event.start, event.end)}, but ${holder.guestName} is booked here ${stayRange(holder.checkIn, holder.checkOut)}.`);
      }
    }
    for (const block of existing) if (!wanted.has(`${block.uid}\u0000${block.startDate}`)) await tx.delete(assetBlocks).where(eq(assetBlocks.id, block.id));
    await tx.update(calendarImports).set({ lastAttemptAt: now, lastSyncedAt: now, lastError: null, conflicts }).where(eq(calendarImports.id, feed.id));
  });
  return succeeded({ blocks: events.length, conflicts });
}

/**
 * Claims the next feed due for a sync: its last attempt is older than the interval (or it never
 * ran). The claim moves the attempt time on in the same statement, so when several servers share
 * the database each feed is fetched by one of them, and after downtime every overdue feed is due.
 */
export async function claimDueImport(db: Queryable, intervalMinutes: number, now = new Date()): Promise<ImportRow | null> {
  const due = new Date(now.getTime() - intervalMinutes * 60_000);
  const [row] = await db
    .update(calendarImports)
    .set({ lastAttemptAt: now })
    .where(
      eq(
        calendarImports.id,
        sql`(select id from calendar_imports where ${or(isNull(calendarImports.lastAttemptAt), lt(calendarImports.lastAttemptAt, due))} order by last_attempt_at nulls first limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Syncs every feed that is due, one after another; returns how many ran. */
export async function syncDueImports(deps: Deps, now = new Date()): Promise<number> {
  let count = 0;
  for (let feed = await claimDueImport(deps.db, deps.env.CALENDAR_SYNC_MINUTES, now); feed; feed = await claimDueImport(deps.db, deps.env.CALENDAR_SYNC_MINUTES, now)) {
    count += 1;
    await syncImport(deps, feed, now).catch((error: unknown) => deps.logger.error({ err: error, importId: feed!.id }, "calendar sync failed"));
  }
  return count;
}

/** Runs `syncDueImports` every minute (and at start, to catch up after downtime) until stopped. */
export class CalendarSyncWorker extends IntervalWorker {
  constructor(deps: Deps, everyMs = 60_000) {
    super("calendar sync", () => syncDueImports(deps), everyMs, deps.logger);
  }
}

/**
 * What the Assets screen's calendar dialog shows of one asset: its export link and the feeds it
 * follows, with their blocks counted. The link is a secret: only for who may change assets.
 */
export async function calendarSyncOf({ platform, actor }: BackOfficeContext, assetId: string) {
  assertCan(actor, "assets", "update");
  if (!isRecordId(assetId)) return null;
  const db = platform.db;
  const appUrl = platform.env.APP_URL;
  const [asset] = await db.select({ id: assets.id, name: assets.name, token: assets.calendarToken }).from(assets).where(eq(assets.id, assetId));
  if (!asset) return null;
  const feeds = await db
    .select({
      id: calendarImports.id,
      name: calendarImports.name,
      url: calendarImports.url,
      lastSyncedAt: calendarImports.lastSyncedAt,
      lastError: calendarImports.lastError,
      conflicts: calendarImports.conflicts,
      blocks: sql<number>`(select count(*)::int from asset_blocks b where b.import_id = calendar_imports.id)`,
    })
    .from(calendarImports)
    .where(eq(calendarImports.assetId, assetId))
    .orderBy(calendarImports.createdAt);
  return {
    asset: { id: asset.id, name: asset.name },
    exportUrl: asset.token ? `${appUrl}${calendarFeedPath(asset.token)}` : null,
    feeds: feeds.map((feed) => ({ ...feed, lastSyncedAt: feed.lastSyncedAt?.toISOString() ?? null })),
  };
}

export type CalendarSync = NonNullable<Awaited<ReturnType<typeof calendarSyncOf>>>;
