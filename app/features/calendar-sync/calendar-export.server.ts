import { randomBytes } from "node:crypto";
import { and, eq, gt, ne } from "drizzle-orm";
import type * as Ics from "ics";
import { addDays, todayIn } from "~/features/bookings/stay-dates";
import type { Queryable } from "~/platform/db/client.server";
import { assetBlocks, assets, bookings, locations } from "~/platform/db/schema";
import { lazyRequire } from "~/platform/lazy-require.server";

const ics = lazyRequire<typeof Ics>("ics");

/** A new secret for an asset's export link: 32 random bytes, unguessable, in the URL itself. */
export const newCalendarToken = () => randomBytes(32).toString("base64url");
export const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const calendarFeedPath = (token: string) => `/calendar/${token}.ics`;

const parts = (day: string) => day.split("-").map(Number) as [number, number, number];

/**
 * The asset's nights as an iCal feed other sites subscribe to (Airbnb, Hipcamp, Google
 * Calendar): every pending or confirmed stay and every block from a month ago on, as all-day
 * events whose DTEND is the check-out day (exclusive), with stable UIDs and no guest's name,
 * e-mail or phone. Null when no asset has that token (a revoked link).
 */
export async function assetCalendarFeed(db: Queryable, token: string, now = new Date()): Promise<string | null> {
  if (!CALENDAR_TOKEN.test(token)) return null;
  const [asset] = await db.select({ id: assets.id, name: assets.name, location: locations.name, timeZone: locations.timeZone }).from(assets).innerJoin(locations, eq(locations.id, assets.locationId)).where(eq(assets.calendarToken, token));
  if (!asset) return null;
  const since = addDays(todayIn(asset.timeZone, now), -30);
  const [stays, blocks] = await Promise.all([
    db.select({ id: bookings.id, start: bookings.checkInDate, end: bookings.checkOutDate, status: bookings.status }).from(bookings).where(and(eq(bookings.assetId, asset.id), ne(bookings.status, "cancelled"), gt(bookings.checkOutDate, since))),
    db.select({ id: assetBlocks.id, start: assetBlocks.startDate, end: assetBlocks.endDate }).from(assetBlocks).where(and(eq(assetBlocks.assetId, asset.id), gt(assetBlocks.endDate, since))),
  ]);
  const event = (uid: string, start: string, end: string, title: string): Ics.EventAttributes => ({
    uid,
    start: parts(start),
    end: parts(end),
    title,
    busyStatus: "BUSY",
    transp: "OPAQUE",
    productId: "apiary/calendar",
    calName: `${asset.name} at ${asset.location}`,
  });
  const { error, value } = ics().createEvents([
    ...stays.map((stay) => event(`booking-${stay.id}@apiary`, stay.start, stay.end, stay.status === "confirmed" ? "Reserved" : "Reserved (pending)")),
    ...blocks.map((block) => event(`block-${block.id}@apiary`, block.start, block.end, "Not available")),
  ], { productId: "apiary/calendar", calName: `${asset.name} at ${asset.location}` });
  if (error) throw error;
  // An empty calendar is still a calendar: the other site must see "no nights taken", not an error.
  return value ?? "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:apiary/calendar\r\nEND:VCALENDAR\r\n";
}
