import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "~/features/accounts/permissions";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { insertAsset, insertBooking, insertLocation } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import { eq } from "drizzle-orm";
import { locations } from "~/platform/db/schema";
import { calendarLocationOf, loadOccupancy, monthOf } from "./occupancy.server";

describe("the occupancy calendar's month", () => {
  it("is the one asked for, or today's when the ask is missing or nonsense; its nights run to the next month's first day", () => {
    expect(monthOf("2031-07", "2026-11-24")).toEqual({ month: "2031-07", start: "2031-07-01", end: "2031-08-01" });
    expect(monthOf("2032-02", "2026-11-24")).toEqual({ month: "2032-02", start: "2032-02-01", end: "2032-03-01" });
    expect(monthOf("2031-12", "2026-11-24").end).toBe("2032-01-01");
    for (const nonsense of [null, "", "2031-13", "1850-01", "2031-7", "july"]) expect(monthOf(nonsense, "2026-11-24").month).toBe("2026-11");
  });
});

describe.each(testEngines())("the occupancy calendar on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const stay = (assetId: string, guestName: string, checkInDate: string, checkOutDate: string, status: "pending" | "confirmed" | "cancelled" = "confirmed") =>
    insertBooking(t.db, assetId, { guestName, guestEmail: "guest@example.com", checkInDate, checkOutDate, numberOfNights: (Date.parse(checkOutDate) - Date.parse(checkInDate)) / 86_400_000, status });

  it("is for staff who may view bookings", async () => {
    await expect(loadOccupancy(as(await insertCustomer(t.db)), {})).rejects.toThrow(ForbiddenError);
    await expect(loadOccupancy(as(await insertStaff(t.db, { assets: ["view"] })), {})).rejects.toThrow(ForbiddenError);
    await expect(loadOccupancy(as(await insertStaff(t.db, { bookings: ["view"] })), {})).resolves.toMatchObject({ month: expect.stringMatching(/^\d{4}-\d{2}$/) });
  });

  it("shows one location's assets and the month's pending and confirmed stays, those crossing its edges included", async () => {
    const admin = await insertUser(t.db);
    const location = await insertLocation(t.db);
    const [rv, cabin] = [await insertAsset(t.db, location.id, { name: "A RV" }), await insertAsset(t.db, location.id, { name: "B Cabin" })];
    const elsewhere = await insertAsset(t.db, (await insertLocation(t.db)).id);
    await stay(rv.id, "From June", "2033-06-28", "2033-07-02");
    await stay(rv.id, "Mid July", "2033-07-10", "2033-07-12", "pending");
    await stay(cabin.id, "Into August", "2033-07-30", "2033-08-03");
    await stay(cabin.id, "Cancelled", "2033-07-05", "2033-07-07", "cancelled");
    await stay(cabin.id, "Leaves on the 1st", "2033-06-25", "2033-07-01");
    await stay(rv.id, "Arrives August 1st", "2033-08-01", "2033-08-02");
    await stay(elsewhere.id, "Other location", "2033-07-10", "2033-07-12");

    const occupancy = await loadOccupancy(as(admin), { location: location.id, month: "2033-07" });
    expect(occupancy.location?.id).toBe(location.id);
    expect(occupancy.assets.map((asset) => asset.name)).toEqual(["A RV", "B Cabin"]);
    expect([occupancy.start, occupancy.end]).toEqual(["2033-07-01", "2033-08-01"]);
    expect(occupancy.stays.map((row) => [row.guestName, row.assetId, row.status])).toEqual([
      ["From June", rv.id, "confirmed"],
      ["Mid July", rv.id, "pending"],
      ["Into August", cabin.id, "confirmed"],
    ]);
  });

  it("takes today in the location's own time zone: arrivals and departures around midnight", async () => {
    const admin = await insertUser(t.db);
    // 06:30 UTC on July 1st is still June 30th in Stanwood (UTC-7 in summer), already July 1st in London.
    const now = new Date("2034-07-01T06:30:00Z");
    const stanwood = await insertLocation(t.db, { timeZone: "America/Los_Angeles" });
    const london = await insertLocation(t.db, { timeZone: "Europe/London" });
    const [here, there] = [await insertAsset(t.db, stanwood.id, { name: "Here RV" }), await insertAsset(t.db, london.id, { name: "There RV" })];
    await insertBooking(t.db, here.id, { guestName: "Arrives June 30", guestEmail: "a@example.com", guestPhone: "+1 360 555 0100", checkInDate: "2034-06-30", checkOutDate: "2034-07-03", numberOfNights: 3, numberOfGuests: 3 });
    await insertBooking(t.db, here.id, { guestName: "Leaves June 30", guestEmail: "b@example.com", checkInDate: "2034-06-27", checkOutDate: "2034-06-30", numberOfNights: 3 });
    await insertBooking(t.db, here.id, { guestName: "Arrives July 1", guestEmail: "c@example.com", checkInDate: "2034-07-03", checkOutDate: "2034-07-05", numberOfNights: 2, status: "cancelled" });
    await insertBooking(t.db, there.id, { guestName: "London July 1", guestEmail: "d@example.com", checkInDate: "2034-07-01", checkOutDate: "2034-07-02", numberOfNights: 1 });

    const stanwoodDay = await loadOccupancy(as(admin), { location: stanwood.id }, now);
    expect(stanwoodDay).toMatchObject({ today: "2034-06-30", month: "2034-06" });
    expect(stanwoodDay.arrivals).toEqual([{ id: expect.any(String), guestName: "Arrives June 30", assetName: "Here RV", numberOfGuests: 3, guestPhone: "+1 360 555 0100" }]);
    expect(stanwoodDay.departures.map((row) => row.guestName)).toEqual(["Leaves June 30"]);

    const londonDay = await loadOccupancy(as(admin), { location: london.id }, now);
    expect(londonDay).toMatchObject({ today: "2034-07-01", month: "2034-07" });
    expect(londonDay.arrivals.map((row) => row.guestName)).toEqual(["London July 1"]);
  });

  it("opens on the location the person chose last (remembered per person, not per browser), else on the first that has assets", async () => {
    // Named to sort before every other location of this file: the first by name has no assets.
    const bare = await insertLocation(t.db, { name: `0000 Bare ${crypto.randomUUID().slice(0, 6)}` });
    const busy = await insertLocation(t.db, { name: `0001 Busy ${crypto.randomUUID().slice(0, 6)}` });
    await insertAsset(t.db, busy.id, { name: "Busy RV" });
    const chosen = await insertLocation(t.db, { name: `zzzz Chosen ${crypto.randomUUID().slice(0, 6)}` });
    await insertAsset(t.db, chosen.id, { name: "Chosen RV" });
    const [ana, ben] = [await insertStaff(t.db, { bookings: ["view"] }), await insertUser(t.db)];

    expect((await loadOccupancy(as(ana), {})).location?.id).toBe(busy.id);
    expect(await calendarLocationOf(t.db, ana.userId)).toBeNull();

    // Asking (the URL's location) shows it and remembers it; the next visit without one opens there.
    expect((await loadOccupancy(as(ana), { location: chosen.id })).location?.id).toBe(chosen.id);
    expect(await calendarLocationOf(t.db, ana.userId)).toBe(chosen.id);
    expect((await loadOccupancy(as(ana), {})).location?.id).toBe(chosen.id);
    // A location that is not there (a stale or made-up link) falls back to the remembered one, and changes nothing.
    expect((await loadOccupancy(as(ana), { location: crypto.randomUUID() })).location?.id).toBe(chosen.id);
    expect((await loadOccupancy(as(ana), { location: "not-an-id" })).location?.id).toBe(chosen.id);
    expect(await calendarLocationOf(t.db, ana.userId)).toBe(chosen.id);
    // An empty location may still be chosen on purpose.
    expect((await loadOccupancy(as(ana), { location: bare.id })).location?.id).toBe(bare.id);
    expect((await loadOccupancy(as(ana), {})).location?.id).toBe(bare.id);

    // Another person's choice is their own.
    expect((await loadOccupancy(as(ben), {})).location?.id).toBe(busy.id);

    // A deleted location is forgotten: the calendar opens on the first with assets again.
    await t.db.delete(locations).where(eq(locations.id, bare.id));
    expect(await calendarLocationOf(t.db, ana.userId)).toBeNull();
    expect((await loadOccupancy(as(ana), {})).location?.id).toBe(busy.id);
  });

  it("tells the viewer what they may do about an empty calendar: add assets or locations only with those permissions", async () => {
    expect((await loadOccupancy(as(await insertStaff(t.db, { bookings: ["view"] })), {})).mayAdd).toEqual({ assets: false, locations: false });
    expect((await loadOccupancy(as(await insertStaff(t.db, { bookings: ["view"], assets: ["view", "create"] })), {})).mayAdd).toEqual({ assets: true, locations: false });
    expect((await loadOccupancy(as(await insertUser(t.db)), {})).mayAdd).toEqual({ assets: true, locations: true });
  });
});
