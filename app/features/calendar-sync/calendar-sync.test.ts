import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous } from "~/features/accounts/actor";
import { ForbiddenError } from "~/features/accounts/permissions";
import { addBooking, BOOKING_CONFLICT } from "~/features/bookings/admin-bookings.server";
import { listBookedRanges } from "~/features/bookings/availability.server";
import { createBooking } from "~/features/bookings/bookings.server";
import { DATES_UNAVAILABLE } from "~/features/bookings/messages";
import { loadOccupancy } from "~/features/bookings/occupancy.server";
import { assetBlocks, assets, calendarImports } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertStaff, insertUser } from "../../../tests/factories/accounts";
import { insertAsset, insertBooking, insertLocation } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { icsFeed, startFeedServer } from "../../../tests/setup/feed-server";
import { actingAs, createTestPlatform, testMeta } from "../../../tests/setup/platform";
import { assetCalendarFeed } from "./calendar-export.server";
import { addCalendarImport, newCalendarLink, removeCalendarImport, syncCalendarNow } from "./calendar-sync-commands.server";
import { calendarSyncOf, claimDueImport, syncImport } from "./calendar-sync.server";

// Feeds are read as of this moment: Jan 10, 2027 at Stanwood.
const NOW = new Date("2027-01-10T20:00:00Z");

describe.each(testEngines())("calendar sync on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t, { CALENDAR_FETCH_ALLOW_LOOPBACK: "true" });
    feeds = await startFeedServer();
  });
  afterAll(async () => {
    await feeds?.close();
    await t?.dispose();
  });

  const as = actingAs(() => platform);
  let feedCount = 0;
  /** An asset following a feed served at a path of its own, which answers `body`. */
  async function following(body: string, name = "Airbnb") {
    const location = await insertLocation(t.db);
    const asset = await insertAsset(t.db, location.id, { pricePerNight: "100.00" });
    const path = `/feed-${++feedCount}.ics`;
    feeds.set(path, { body });
    const [feed] = await t.db.insert(calendarImports).values({ assetId: asset.id, name, url: feeds.url(path) }).returning();
    return { location, asset, feed: feed!, path };
  }
  const blocksOf = async (assetId: string) => (await t.db.select().from(assetBlocks).where(eq(assetBlocks.assetId, assetId))).map((block) => [block.uid, block.startDate, block.endDate]).sort();
  const importOf = async (id: string) => (await t.db.select().from(calendarImports).where(eq(calendarImports.id, id)))[0]!;
  const june = icsFeed("UID:r1@airbnb\nSUMMARY:Reserved\nDTSTART;VALUE=DATE:20270603\nDTEND;VALUE=DATE:20270605", "UID:r2@airbnb\nDTSTART;VALUE=DATE:20270610\nDTEND;VALUE=DATE:20270612");

  it("turns a feed's events into blocks that neither a customer nor the front desk can book over", async () => {
    const { asset, location, feed } = await following(june);
    expect(await syncImport(platform, feed, NOW)).toEqual({ ok: true, value: { blocks: 2, conflicts: [] } });
    expect(await blocksOf(asset.id)).toEqual([
      ["r1@airbnb", "2027-06-03", "2027-06-05"],
      ["r2@airbnb", "2027-06-10", "2027-06-12"],
    ]);
    expect((await listBookedRanges(t.db, asset.id, NOW))?.ranges).toEqual([
      { checkIn: "2027-06-03", checkOut: "2027-06-05" },
      { checkIn: "2027-06-10", checkOut: "2027-06-12" },
    ]);

    const guest = await createBooking(platform, anonymous, { assetId: asset.id, checkInDate: "2027-06-04", checkOutDate: "2027-06-06", guestName: "Ana", guestEmail: "ana@example.com", numberOfGuests: 2 }, testMeta(), NOW);
    expect(guest).toEqual({ ok: false, status: 409, title: DATES_UNAVAILABLE.title, message: DATES_UNAVAILABLE.description });
    const admin = await insertUser(t.db);
    const phone = await addBooking(as(admin), { locationId: location.id, assetId: asset.id, guestName: "Bo", guestEmail: "bo@example.com", numberOfGuests: "2", numberOfNights: "2", totalAmount: "200", status: "pending", checkInDate: "2027-06-02", checkOutDate: "2027-06-04" });
    expect(phone).toMatchObject({ ok: false, title: BOOKING_CONFLICT, message: "Blocked by the Airbnb calendar, Jun 3 – Jun 5, 2027. Choose other dates or another asset." });
    // The occupancy calendar shows the blocks with the site they come from.
    const occupancy = await loadOccupancy(as(admin), { location: location.id, month: "2027-06" }, NOW);
    expect(occupancy.blocks.map((block) => [block.source, block.startDate, block.endDate])).toEqual([
      ["Airbnb", "2027-06-03", "2027-06-05"],
      ["Airbnb", "2027-06-10", "2027-06-12"],
    ]);
    // The check-out day of a block is free, as a booking's is.
    const after = await createBooking(platform, anonymous, { assetId: asset.id, checkInDate: "2027-06-05", checkOutDate: "2027-06-07", guestName: "Cy", guestEmail: "cy@example.com", numberOfGuests: 2 }, testMeta(), NOW);
    expect(after.ok).toBe(true);
  });

  it("follows the feed: a moved event moves its block, a vanished one frees its nights", async () => {
    const { asset, feed, path } = await following(june);
    await syncImport(platform, feed, NOW);
    feeds.set(path, { body: icsFeed("UID:r1@airbnb\nDTSTART;VALUE=DATE:20270603\nDTEND;VALUE=DATE:20270607") });
    expect(await syncImport(platform, feed, NOW)).toMatchObject({ ok: true, value: { blocks: 1 } });
    expect(await blocksOf(asset.id)).toEqual([["r1@airbnb", "2027-06-03", "2027-06-07"]]);
    expect((await listBookedRanges(t.db, asset.id, NOW))?.ranges).toEqual([{ checkIn: "2027-06-03", checkOut: "2027-06-07" }]);
  });

  it("keeps the last good blocks when the feed can't be fetched or read, and says why", async () => {
    const { asset, feed, path } = await following(june);
    await syncImport(platform, feed, NOW);
    const synced = (await importOf(feed.id)).lastSyncedAt;
    feeds.set(path, { status: 500, body: "oops" });
    expect(await syncImport(platform, feed, new Date(NOW.getTime() + 60_000))).toEqual({ ok: false, status: 409, message: "The calendar address answered HTTP 500." });
    feeds.set(path, { body: "<html>Please sign in</html>" });
    expect(await syncImport(platform, feed, new Date(NOW.getTime() + 120_000))).toEqual({ ok: false, status: 409, message: "The address did not answer with an iCalendar feed." });
    expect(await blocksOf(asset.id)).toHaveLength(2);
    expect(await importOf(feed.id)).toMatchObject({ lastError: "The address did not answer with an iCalendar feed.", lastSyncedAt: synced, lastAttemptAt: new Date(NOW.getTime() + 120_000) });
    feeds.set(path, { body: june });
    await syncImport(platform, feed, NOW);
    expect(await importOf(feed.id)).toMatchObject({ lastError: null });
  });

  it("lists an event on nights booked here as a conflict instead of blocking them; another feed's block is no conflict", async () => {
    const { asset, feed } = await following(june);
    await insertBooking(t.db, asset.id, { guestEmail: "dee@example.com", guestName: "Dee Lane", checkInDate: "2027-06-10", checkOutDate: "2027-06-11", numberOfNights: 1, status: "confirmed" });
    expect(await syncImport(platform, feed, NOW)).toEqual({ ok: true, value: { blocks: 2, conflicts: ["Airbnb blocks Jun 10 – Jun 12, 2027, but Dee Lane is booked here Jun 10 – Jun 11, 2027."] } });
    expect(await blocksOf(asset.id)).toEqual([["r1@airbnb", "2027-06-03", "2027-06-05"]]);
    expect((await importOf(feed.id)).conflicts).toHaveLength(1);

    const [hipcamp] = await t.db.insert(calendarImports).values({ assetId: asset.id, name: "Hipcamp", url: feeds.url("/hipcamp.ics") }).returning();
    feeds.set("/hipcamp.ics", { body: icsFeed("UID:h1\nDTSTART;VALUE=DATE:20270603\nDTEND;VALUE=DATE:20270604") });
    expect(await syncImport(platform, hipcamp!, NOW)).toEqual({ ok: true, value: { blocks: 1, conflicts: [] } });
  });

  it("claims each due feed once, however many servers ask at the same moment", async () => {
    const { feed } = await following(june);
    await t.db.update(calendarImports).set({ lastAttemptAt: new Date(Date.now() + 3_600_000) }); // none due…
    await t.db.update(calendarImports).set({ lastAttemptAt: new Date(Date.now() - 16 * 60_000) }).where(eq(calendarImports.id, feed.id)); // …but this one
    const claims = await Promise.all([claimDueImport(t.db, 15), claimDueImport(t.db, 15), claimDueImport(t.db, 15)]);
    expect(claims.filter(Boolean).map((claim) => claim!.id)).toEqual([feed.id]);
    expect(await claimDueImport(t.db, 15)).toBeNull();
  });

  it("publishes the asset's nights at its secret link without guests' details; a new link revokes the old", async () => {
    const admin = await insertUser(t.db);
    const { asset, feed } = await following(june);
    await syncImport(platform, feed, NOW);
    const stay = await insertBooking(t.db, asset.id, { guestEmail: "eve.private@example.com", guestName: "Eve Private", guestPhone: "+1 360 555 0199", checkInDate: "2027-07-01", checkOutDate: "2027-07-04", numberOfNights: 3, status: "confirmed" });
    await insertBooking(t.db, asset.id, { guestEmail: "gone@example.com", checkInDate: "2027-08-01", checkOutDate: "2027-08-03", numberOfNights: 2, status: "cancelled" });

    expect(await newCalendarLink(as(admin), { assetId: asset.id })).toMatchObject({ ok: true });
    const token = (await t.db.select({ token: assets.calendarToken }).from(assets).where(eq(assets.id, asset.id)))[0]!.token!;
    const ics = (await assetCalendarFeed(t.db, token, NOW))!;
    expect(ics).toContain(`UID:booking-${stay.id}@apiary`);
    expect(ics).toContain("DTSTART;VALUE=DATE:20270701");
    expect(ics).toContain("DTEND;VALUE=DATE:20270704");
    expect(ics).toContain("DTSTART;VALUE=DATE:20270603");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(ics).not.toMatch(/Eve|eve\.private|555 0199/);

    await newCalendarLink(as(admin), { assetId: asset.id });
    expect(await assetCalendarFeed(t.db, token, NOW)).toBeNull();
    expect(await assetCalendarFeed(t.db, "not-a-token", NOW)).toBeNull();
  });

  it("lets staff who may change assets follow, sync and drop a feed; others are refused", async () => {
    const viewer = await insertStaff(t.db, { assets: ["view"] });
    const editor = await insertStaff(t.db, { assets: ["view", "update"] });
    const location = await insertLocation(t.db);
    const asset = await insertAsset(t.db, location.id);
    feeds.set("/new.ics", { body: june });
    await expect(addCalendarImport(as(viewer), { assetId: asset.id, name: "Airbnb", url: feeds.url("/new.ics") })).rejects.toThrow(ForbiddenError);
    await expect(newCalendarLink(as(viewer), { assetId: asset.id })).rejects.toThrow(ForbiddenError);
    // The dialog's data holds the secret link: refused to a viewer too.
    await expect(calendarSyncOf(as(viewer), asset.id)).rejects.toThrow(ForbiddenError);
    expect(await calendarSyncOf(as(editor), asset.id)).toEqual({ asset: { id: asset.id, name: asset.name }, exportUrl: null, feeds: [] });

    expect(await addCalendarImport(as(editor), { assetId: asset.id, name: "", url: "javascript:alert(1)" })).toMatchObject({ ok: false, fieldErrors: { name: ["Name the other site, e.g. Airbnb"], url: [expect.stringContaining("https://")] } });
    expect(await addCalendarImport(as(editor), { assetId: asset.id, name: "Airbnb", url: feeds.url("/new.ics") })).toMatchObject({ ok: true, toast: { title: "Airbnb calendar added", description: "2 blocks from it." } });
    expect(await addCalendarImport(as(editor), { assetId: asset.id, name: "Airbnb again", url: feeds.url("/new.ics") })).toMatchObject({ ok: false, status: 409 });
    const [feed] = await t.db.select().from(calendarImports).where(eq(calendarImports.assetId, asset.id));
    feeds.set("/new.ics", { status: 404 });
    expect(await syncCalendarNow(as(editor), { id: feed!.id })).toMatchObject({ ok: false, message: "Airbnb: The calendar address answered HTTP 404. The blocks from its last good sync are kept." });
    expect((await calendarSyncOf(as(editor), asset.id))?.feeds).toEqual([expect.objectContaining({ name: "Airbnb", blocks: 2, lastError: "The calendar address answered HTTP 404." })]);
    expect(await removeCalendarImport(as(editor), { id: feed!.id })).toMatchObject({ ok: true, toast: { title: "Airbnb calendar removed" } });
    expect(await blocksOf(asset.id)).toEqual([]);
  });
});
