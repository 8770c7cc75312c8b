import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAdoptions } from "~/features/adoptions/admin-adoptions.server";
import { adoptionsScreen } from "~/features/adoptions/adoptions.screen";
import { listBookings } from "~/features/bookings/admin-bookings.server";
import { bookingsScreen } from "~/features/bookings/bookings.screen";
import { listHives } from "~/features/hives/hives.server";
import { hivesScreen } from "~/features/hives/hives.screen";
import { assetBlocks, calendarImports, hiveUpdates, paymentHistory } from "~/platform/db/schema";
import { parseListParams } from "~/platform/list-params";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { insertAdoption, insertHive, insertTier } from "../../../tests/factories/sponsorships";
import { insertAsset, insertBooking, insertLocation } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { TestClock } from "../../../tests/setup/test-clock";
import { loadDayOverview, overviewOf, pendingCounts } from "./day-overview.server";
import { overviewCollapsed, rememberOverview } from "./overview-preference.server";

/**
 * The overview's figures against rows whose answers are known, at a moment of the test's own:
 * 13:00 on March 15, 2031 in Los Angeles, already March 16 in Auckland. Each figure is also the
 * size of the list its link opens (the same filters, the same rows).
 */
const NOW = new Date("2031-03-15T20:00:00Z");
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

describe.each(testEngines())("the day's overview on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  let ids: { alder: string; birch: string; dueHives: string[] };

  beforeAll(async () => {
    t = await open();
    platform = { ...createTestPlatform(t), clock: new TestClock({ frozenAt: NOW.getTime() }) };
    const db = t.db;
    const stay = (assetId: string, checkInDate: string, checkOutDate: string, status: "pending" | "confirmed" | "cancelled", extra: { createdAt?: Date; guestName?: string } = {}) =>
      insertBooking(db, assetId, { guestEmail: "guest@example.com", checkInDate, checkOutDate, numberOfNights: (Date.parse(checkOutDate) - Date.parse(checkInDate)) / 86_400_000, status, createdAt: hoursAgo(1), ...extra });

    // Alder Meadow (Los Angeles: today is March 15): two assets in service, one off sale.
    const alder = await insertLocation(db, { name: "Alder Meadow" });
    const a1 = await insertAsset(db, alder.id, { name: "Alder RV" });
    const a2 = await insertAsset(db, alder.id, { name: "Alder Cabin", status: "maintenance" });
    const a3 = await insertAsset(db, alder.id, { name: "Alder Shed", status: "unavailable" });
    await stay(a1.id, "2031-03-15", "2031-03-18", "confirmed"); // arrives; 3 nights held
    await stay(a2.id, "2031-03-15", "2031-03-16", "pending", { createdAt: hoursAgo(3), guestName: "Three Hours" }); // arrives; 1 night
    await stay(a1.id, "2031-03-18", "2031-03-20", "cancelled"); // cancelled: neither comes nor holds
    await stay(a3.id, "2031-03-15", "2031-03-17", "cancelled"); // idem, on the asset off sale
    await stay(a2.id, "2031-03-12", "2031-03-15", "confirmed"); // leaves today; no night in the window
    await stay(a1.id, "2031-03-30", "2031-04-20", "confirmed"); // 15 of its nights fall before April 14
    await stay(a3.id, "2031-03-20", "2031-03-22", "confirmed"); // off sale: its nights don't count
    const [airbnb] = await db.insert(calendarImports).values({ assetId: a2.id, name: "Airbnb", url: "https://example.org/a.ics" }).returning();
    await db.insert(assetBlocks).values({ assetId: a2.id, importId: airbnb!.id, uid: "evt-1", startDate: "2031-03-20", endDate: "2031-03-25" }); // 5 nights held elsewhere
    // Requests waiting, far from today's figures.
    await stay(a1.id, "2031-06-01", "2031-06-03", "pending", { createdAt: hoursAgo(240), guestName: "Ten Days" });
    await stay(a1.id, "2031-06-10", "2031-06-12", "pending", { createdAt: hoursAgo(50), guestName: "Fifty Hours" });
    await stay(a1.id, "2031-06-20", "2031-06-22", "pending", { createdAt: hoursAgo(0.5), guestName: "Half An Hour" });

    // Birch Cove (Auckland: today is already March 16).
    const birch = await insertLocation(db, { name: "Birch Cove", timeZone: "Pacific/Auckland" });
    const b1 = await insertAsset(db, birch.id, { name: "Birch RV" });
    await stay(b1.id, "2031-03-14", "2031-03-16", "confirmed"); // leaves on its today
    await stay(b1.id, "2031-03-16", "2031-03-17", "confirmed"); // arrives on its today; 1 night
    // A location without assets is not listed.
    await insertLocation(db, { name: "Aspen Field" });

    // Adoptions: two requests with nothing paid, one paid and waiting to be made active.
    const tier = await insertTier(db);
    const sponsor = await insertCustomer(db);
    await insertAdoption(db, sponsor, tier.id, { createdAt: hoursAgo(72) });
    await insertAdoption(db, sponsor, tier.id, { createdAt: hoursAgo(5) });
    const paid = await insertAdoption(db, sponsor, tier.id, { totalPaid: "35.50", createdAt: hoursAgo(24) });
    const active = await insertAdoption(db, sponsor, tier.id, { status: "active", totalPaid: "99.00" });
    await insertAdoption(db, sponsor, tier.id, { status: "cancelled" });
    // The month's payments count by payment date (March, in Los Angeles).
    await db.insert(paymentHistory).values([
      { adoptionId: paid.id, amount: "25.00", paymentMethod: "cash", paymentDate: "2031-03-01" },
      { adoptionId: paid.id, amount: "10.50", paymentMethod: "cash", paymentDate: "2031-03-15" },
      { adoptionId: active.id, amount: "99.00", paymentMethod: "credit_card", paymentDate: "2031-02-28" },
    ]);

    // Hives: due when active, sponsored, and silent for 30 days.
    const sponsored = async (values: Parameters<typeof insertHive>[2] = {}) => {
      const hive = await insertHive(db, alder.id, values);
      await insertAdoption(db, sponsor, tier.id, { status: "active", hiveId: hive.id });
      return hive;
    };
    const neverUpdated = await sponsored();
    const updatedLately = await sponsored();
    const updatedLongAgo = await sponsored();
    await sponsored({ status: "failed" });
    await insertHive(db, alder.id); // nobody sponsors it
    await db.insert(hiveUpdates).values([
      { hiveId: updatedLately.id, body: "Queen seen", createdAt: hoursAgo(24 * 10) },
      { hiveId: updatedLongAgo.id, body: "First honey", createdAt: hoursAgo(24 * 31) },
    ]);
    ids = { alder: alder.id, birch: birch.id, dueHives: [neverUpdated.id, updatedLongAgo.id].sort() };
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const params = (screen: { list: Parameters<typeof parseListParams>[1] }, query: string) => parseListParams(new URLSearchParams(query), screen.list);

  it("counts today's arrivals and departures on each location's own day, and how full its next 30 nights are", async () => {
    const overview = await loadDayOverview(as(await insertUser(t.db)));
    expect(overview.today).toBe("2031-03-15");
    expect(overview.stays?.locations).toEqual([
      { id: ids.alder, name: "Alder Meadow", today: "2031-03-15", arrivals: 2, departures: 1, nights: 60, nightsHeld: 3 + 1 + 15 + 5 },
      { id: ids.birch, name: "Birch Cove", today: "2031-03-16", arrivals: 1, departures: 1, nights: 30, nightsHeld: 1 },
    ]);
  });

  it("names the booking requests waiting, the oldest first, with how long each has waited", async () => {
    const overview = await loadDayOverview(as(await insertUser(t.db)));
    expect(overview.stays?.pending).toBe(4);
    expect(overview.stays?.oldest.map((request) => [request.guestName, request.waitingHours])).toEqual([
      ["Ten Days", 240],
      ["Fifty Hours", 50],
      ["Three Hours", 3],
    ]);
  });

  it("counts the adoptions waiting for payment or activation, the month's payments and the hives due an update", async () => {
    const overview = await loadDayOverview(as(await insertUser(t.db)));
    expect(overview.adoptions).toEqual({ awaitingPayment: 2, awaitingActivation: 1, oldestWaitingHours: 72 });
    expect(overview.payments).toEqual({ count: 2, totalCents: 3550, monthStart: "2031-03-01" });
    expect(overview.hives).toEqual({ due: 2 });
  });

  it("links each figure to a list showing the same rows", async () => {
    const admin = as(await insertUser(t.db));
    const overview = await loadDayOverview(admin);
    const [alder, birch] = overview.stays!.locations;
    const bookingsFor = async (query: string) => (await listBookings(admin, params(bookingsScreen, query))).total;
    expect(await bookingsFor(`location=${ids.alder}&arriving=${alder!.today}`)).toBe(alder!.arrivals);
    expect(await bookingsFor(`location=${ids.alder}&departing=${alder!.today}`)).toBe(alder!.departures);
    expect(await bookingsFor(`location=${ids.birch}&arriving=${birch!.today}`)).toBe(birch!.arrivals);
    expect(await bookingsFor(`location=${ids.birch}&departing=${birch!.today}`)).toBe(birch!.departures);
    expect(await bookingsFor("status=pending")).toBe(overview.stays!.pending);

    const adoptionsFor = async (query: string) => (await listAdoptions(admin, params(adoptionsScreen, query))).rows;
    expect(await adoptionsFor("status=pending&payment=none")).toHaveLength(overview.adoptions!.awaitingPayment);
    expect(await adoptionsFor("status=pending&payment=recorded")).toHaveLength(overview.adoptions!.awaitingActivation);
    // The month's two payments were both for one adoption.
    expect((await adoptionsFor("payment=this_month")).map((row) => row.totalPaid)).toEqual(["35.50"]);

    const due = await listHives(admin, params(hivesScreen, "update=due"));
    expect(due.rows.map((row) => row.id).sort()).toEqual(ids.dueHives);
  });

  it("shows each part only to staff whose role may view its module", async () => {
    const parts = async (grants: Parameters<typeof insertStaff>[1]) => {
      const overview = await loadDayOverview(as(await insertStaff(t.db, grants)));
      return { stays: overview.stays !== null, adoptions: overview.adoptions !== null, payments: overview.payments !== null, hives: overview.hives !== null };
    };
    expect(await parts({ bookings: ["view"] })).toEqual({ stays: true, adoptions: false, payments: false, hives: false });
    expect(await parts({ hive_adoptions: ["view"] })).toEqual({ stays: false, adoptions: true, payments: true, hives: false });
    expect(await parts({ hives: ["view"] })).toEqual({ stays: false, adoptions: false, payments: false, hives: true });
    expect(await parts({ pages: ["view", "create", "update", "delete"], bookings: ["create"] })).toEqual({ stays: false, adoptions: false, payments: false, hives: false });

    const nothing = { today: "2031-03-15", stays: null, adoptions: null, payments: null, hives: null };
    expect(await loadDayOverview(as(await insertCustomer(t.db)))).toEqual(nothing);
    // Before the initial password is replaced, an administrator sees nothing yet.
    expect(await loadDayOverview(as(await insertUser(t.db, { firstLogin: true })))).toEqual(nothing);
  });

  it("counts the requests waiting beside Bookings and Hive Adoptions in the menu, for who may view each", async () => {
    expect(await pendingCounts(as(await insertUser(t.db)))).toEqual({ bookings: 4, "hive-adoptions": 3 });
    expect(await pendingCounts(as(await insertStaff(t.db, { bookings: ["view"] })))).toEqual({ bookings: 4 });
    expect(await pendingCounts(as(await insertStaff(t.db, { hive_adoptions: ["view"] })))).toEqual({ "hive-adoptions": 3 });
    expect(await pendingCounts(as(await insertStaff(t.db, { hives: ["view"] })))).toEqual({});
    expect(await pendingCounts(as(await insertCustomer(t.db)))).toEqual({});
  });

  it("is folded away and opened again by each person for themselves, and not read while folded away", async () => {
    const [one, other] = [await insertUser(t.db), await insertStaff(t.db, { hives: ["view"] })];
    expect(await overviewOf(as(one))).toMatchObject({ collapsed: false, today: "2031-03-15", figures: { hives: { due: 2 } } });

    expect(await rememberOverview(t.db, one, { collapsed: "true" })).toEqual({ ok: true, value: { collapsed: true } });
    expect(await overviewOf(as(one))).toEqual({ collapsed: true, today: "2031-03-15", figures: null, failed: false });
    // Only the person who folded it away.
    expect(await overviewCollapsed(t.db, other.userId)).toBe(false);
    expect((await overviewOf(as(other))).figures).not.toBeNull();

    expect(await rememberOverview(t.db, one, { collapsed: "false" })).toEqual({ ok: true, value: { collapsed: false } });
    expect(await overviewCollapsed(t.db, one.userId)).toBe(false);

    expect(await rememberOverview(t.db, one, { collapsed: "maybe" })).toMatchObject({ ok: false, status: 400, fieldErrors: { collapsed: ["Choose whether the overview is shown."] } });
    expect(await rememberOverview(t.db, await insertCustomer(t.db), { collapsed: "true" })).toMatchObject({ ok: false, status: 403 });
  });

  // Last: it takes a table away for a moment.
  it("steps aside when its tables can't be read, so that the screen it is beside still opens", async () => {
    const admin = as(await insertUser(t.db));
    await t.db.execute(sql`alter table bookings rename to bookings_offline`);
    try {
      expect(await pendingCounts(admin)).toEqual({ "hive-adoptions": 3 });
      expect(await overviewOf(admin)).toEqual({ collapsed: false, today: "2031-03-15", figures: null, failed: true });
    } finally {
      await t.db.execute(sql`alter table bookings_offline rename to bookings`);
    }
    expect((await overviewOf(admin)).failed).toBe(false);
  });
});
