import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous } from "~/features/accounts/actor";
import { STAFF_AT_CUSTOMER_DOOR } from "~/features/accounts/customer-door";
import { insertCustomer, insertUser } from "../../../tests/factories/accounts";
import { bookings, outboxMessages } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertAsset, insertBooking, insertLocation } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { createTestPlatform } from "../../../tests/setup/platform";
import { listAvailableAssets, listBookableLocations, listBookedRanges, listStaysAtAGlance } from "./availability.server";
import { createBooking, reserveDates } from "./bookings.server";
import { ASSET_NOT_AVAILABLE, BOOKING_FAILED, CHECK_IN_IN_PAST, DATES_UNAVAILABLE, GENERIC_BOOKING_FAILURE } from "./messages";
import { addDays, nightsBetween, todayIn } from "./stay-dates";
import { readStayToken } from "./stay-link.server";

// 2026-11-22 05:30 UTC is still 2026-11-21 in Stanwood (America/Los_Angeles).
const NOW = new Date("2026-11-22T05:30:00Z");
const PROPERTY_TODAY = "2026-11-21";

let address = 0;
const meta = () => ({ clientAddress: `198.51.100.${++address % 250}` });

const request = (assetId: string, checkInDate: string, checkOutDate: string, extra: Record<string, unknown> = {}) => ({
  assetId,
  checkInDate,
  checkOutDate,
  guestName: "Rosa Guest",
  guestEmail: "rosa@example.com",
  numberOfGuests: 2,
  ...extra,
});

describe.each(testEngines())("bookings on $name", (engine) => {
  let t: TestDatabase;
  let platform: Platform;
  let locationId: string;
  let assetId: string;
  let price: number;

  beforeAll(async () => {
    t = await engine.open();
    platform = createTestPlatform(t);
    const location = await insertLocation(t.db, { name: "Stanwood Test" });
    locationId = location.id;
    const asset = await insertAsset(t.db, location.id, { name: "B Trailer", pricePerNight: "165.00" });
    assetId = asset.id;
    price = 16500;
    await insertAsset(t.db, location.id, { name: "A Cabin", pricePerNight: "99.50", type: "rental" });
    await insertAsset(t.db, location.id, { name: "C Broken", status: "maintenance" });
    const empty = await insertLocation(t.db, { name: "Empty Acres" });
    await insertAsset(t.db, empty.id, { status: "unavailable" });
  });
  afterAll(() => t.dispose());

  it("lists only locations with an available asset, and their available assets by name", async () => {
    const locations = await listBookableLocations(t.db);
    expect(locations.map((l) => l.name)).toContain("Stanwood Test");
    expect(locations.map((l) => l.name)).not.toContain("Empty Acres");
    const assets = await listAvailableAssets(t.db, locationId);
    expect(assets.map((a) => a.name)).toEqual(["A Cabin", "B Trailer"]);
    expect(assets[0]).toMatchObject({ pricePerNightCents: 9950, type: "rental", checkInTime: "15:00", checkOutTime: "11:00" });
  });

  it("gives each stay of a location its price, times and next free dates, counted from the property's today", async () => {
    const lake = await insertLocation(t.db, { name: "Glance Lake" });
    const rv = await insertAsset(t.db, lake.id, { name: "Glance RV", pricePerNight: "120.00" });
    const stay = await createBooking(platform, anonymous, request(rv.id, addDays(PROPERTY_TODAY, 1), addDays(PROPERTY_TODAY, 3)), meta(), NOW);
    expect(stay.ok).toBe(true);
    const [glance] = await listStaysAtAGlance(t.db, lake.id, NOW);
    expect(glance).toMatchObject({ name: "Glance RV", pricePerNightCents: 12000, checkInTime: "15:00", checkOutTime: "11:00" });
    expect(glance?.nextFree).toEqual([
      { from: PROPERTY_TODAY, until: addDays(PROPERTY_TODAY, 1) },
      { from: addDays(PROPERTY_TODAY, 3), until: null },
    ]);
  });

  it("takes today from the property's time zone, not UTC", () => {
    expect(todayIn("America/Los_Angeles", NOW)).toBe(PROPERTY_TODAY);
    expect(todayIn("UTC", NOW)).toBe("2026-11-22");
  });

  it("books a guest stay as pending, pricing it on the server whatever the browser sent", async () => {
    const result = await createBooking(platform, anonymous, { ...request(assetId, "2026-12-01", "2026-12-04"), totalAmount: "1.00", numberOfNights: 1 } as never, meta(), NOW);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ numberOfNights: 3, totalCents: 3 * price });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, result.value.id));
    expect(row).toMatchObject({
      status: "pending",
      userId: null,
      guestName: "Rosa Guest",
      guestEmail: "rosa@example.com",
      guestPhone: null,
      numberOfNights: 3,
      totalAmount: "495.00",
      location: "Stanwood Test",
      experienceType: "rv",
      numberOfGuests: 2,
    });
  });

  it("enqueues the confirmation with the spec's payload, a self-service link and an all-day .ics in the same transaction", async () => {
    const result = await createBooking(platform, anonymous, request(assetId, "2027-01-10", "2027-01-12", { guestEmail: "Mail@Example.com" }), meta(), NOW);
    if (!result.ok) throw new Error(result.message);
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.template, "booking-confirmation"), eq(outboxMessages.idempotencyKey, `booking-confirmation:${result.value.id}`)));
    expect(mail?.to).toBe("mail@example.com");
    expect(mail?.text).toContain("Sunday, January 10, 2027");
    expect(mail?.text).toContain("$330");
    const link = /http:\/\/127\.0\.0\.1:3999\/stay\/([\w-]+\.\d+\.[\w-]+)/.exec(mail!.text)?.[1];
    expect(link && readStayToken(link, platform.authSecret)).toEqual({ ok: true, value: { bookingId: result.value.id } });
    const ics = Buffer.from(mail!.attachments[0]!.content, "base64").toString("utf8");
    expect(mail!.attachments[0]!.filename).toBe("stay.ics");
    expect(ics).toContain("DTSTART;VALUE=DATE:20270110");
    expect(ics).toContain("DTEND;VALUE=DATE:20270112");
  });

  it("refuses an overlapping stay with Dates Unavailable, but lets the check-out day start the next stay", async () => {
    const first = await createBooking(platform, anonymous, request(assetId, "2027-02-01", "2027-02-05"), meta(), NOW);
    expect(first.ok).toBe(true);
    const overlap = await createBooking(platform, anonymous, request(assetId, "2027-02-04", "2027-02-06"), meta(), NOW);
    expect(overlap).toEqual({ ok: false, status: 409, title: DATES_UNAVAILABLE.title, message: DATES_UNAVAILABLE.description });
    const adjacent = await createBooking(platform, anonymous, request(assetId, "2027-02-05", "2027-02-07"), meta(), NOW);
    expect(adjacent.ok).toBe(true);
    const before = await createBooking(platform, anonymous, request(assetId, "2027-01-30", "2027-02-01"), meta(), NOW);
    expect(before.ok).toBe(true);
    // No e-mail was queued for the refused request.
    const mails = await t.db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.template, "booking-confirmation"));
    const rows = await t.db.select({ id: bookings.id }).from(bookings);
    expect(mails.length).toBe(rows.length);
  });

  it("frees cancelled stays' nights and hides them from the calendar", async () => {
    const stay = await createBooking(platform, anonymous, request(assetId, "2027-03-01", "2027-03-03"), meta(), NOW);
    if (!stay.ok) throw new Error(stay.message);
    let booked = await listBookedRanges(t.db, assetId, NOW);
    expect(booked?.today).toBe(PROPERTY_TODAY);
    expect(booked?.ranges).toContainEqual({ checkIn: "2027-03-01", checkOut: "2027-03-03" });
    await t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, stay.value.id));
    booked = await listBookedRanges(t.db, assetId, NOW);
    expect(booked?.ranges).not.toContainEqual({ checkIn: "2027-03-01", checkOut: "2027-03-03" });
    const again = await createBooking(platform, anonymous, request(assetId, "2027-03-01", "2027-03-03"), meta(), NOW);
    expect(again.ok).toBe(true);
  });

  it("lists what a stay booked now could hold, back-to-back stays as one run: nothing before today, nothing after the booking window", async () => {
    const rv = await insertAsset(t.db, locationId);
    // The last check-in the site takes is 730 days ahead and a stay lasts at most 30 nights: 760 days from today.
    const stays: [string, string][] = [
      [addDays(PROPERTY_TODAY, -4), PROPERTY_TODAY],
      [PROPERTY_TODAY, addDays(PROPERTY_TODAY, 2)],
      [addDays(PROPERTY_TODAY, 757), addDays(PROPERTY_TODAY, 760)],
      [addDays(PROPERTY_TODAY, 760), addDays(PROPERTY_TODAY, 763)],
      [addDays(PROPERTY_TODAY, 1200), addDays(PROPERTY_TODAY, 1203)],
      [addDays(PROPERTY_TODAY, 20), addDays(PROPERTY_TODAY, 22)],
      [addDays(PROPERTY_TODAY, 23), addDays(PROPERTY_TODAY, 25)],
    ];
    for (const [checkInDate, checkOutDate] of stays) await insertBooking(t.db, rv.id, { guestEmail: "staff-added@example.com", checkInDate, checkOutDate, numberOfNights: nightsBetween(checkInDate, checkOutDate) });
    const booked = await listBookedRanges(t.db, rv.id, NOW);
    // The stay that left today and the one arriving today are one run, from today; the run that
    // starts inside the window is whole; a free night apart, two stays stay two.
    expect(booked?.ranges).toEqual([
      { checkIn: PROPERTY_TODAY, checkOut: addDays(PROPERTY_TODAY, 2) },
      { checkIn: addDays(PROPERTY_TODAY, 20), checkOut: addDays(PROPERTY_TODAY, 22) },
      { checkIn: addDays(PROPERTY_TODAY, 23), checkOut: addDays(PROPERTY_TODAY, 25) },
      { checkIn: addDays(PROPERTY_TODAY, 757), checkOut: addDays(PROPERTY_TODAY, 763) },
    ]);
  });

  it("counts the booking window from the property's today when it is already tomorrow in UTC terms", async () => {
    // 12:00 UTC on November 22 is already 02:00 on November 23 at Kiritimati (UTC+14).
    const now = new Date("2026-11-22T12:00:00Z");
    const island = await insertLocation(t.db, { timeZone: "Pacific/Kiritimati" });
    const hut = await insertAsset(t.db, island.id);
    for (const [checkInDate, checkOutDate] of [["2026-11-21", "2026-11-23"], ["2026-11-23", "2026-11-25"]] as const) {
      await insertBooking(t.db, hut.id, { guestEmail: "island@example.com", checkInDate, checkOutDate, numberOfNights: 2 });
    }
    expect(await listBookedRanges(t.db, hut.id, now)).toEqual({ today: "2026-11-23", ranges: [{ checkIn: "2026-11-23", checkOut: "2026-11-25" }] });
  });

  it("refuses held nights before counting the request: a guest over the hourly limit still hears Dates Unavailable for them", async () => {
    const other = await insertAsset(t.db, locationId);
    const from = { clientAddress: "192.0.2.98" };
    for (let i = 0; i < 10; i++) {
      const day = addDays("2028-03-01", i * 2);
      expect((await createBooking(platform, anonymous, request(other.id, day, addDays(day, 1)), from, NOW)).ok).toBe(true);
    }
    const held = await createBooking(platform, anonymous, request(other.id, "2028-03-01", "2028-03-03"), from, NOW);
    expect(held).toEqual({ ok: false, status: 409, title: DATES_UNAVAILABLE.title, message: DATES_UNAVAILABLE.description });
    const free = await createBooking(platform, anonymous, request(other.id, "2028-04-01", "2028-04-02"), from, NOW);
    expect(free).toMatchObject({ ok: false, status: 429 });
  });

  it("refuses past dates by the property's calendar, but allows the property's today", async () => {
    const yesterday = await createBooking(platform, anonymous, request(assetId, addDays(PROPERTY_TODAY, -1), addDays(PROPERTY_TODAY, 1)), meta(), NOW);
    expect(yesterday).toEqual({ ok: false, status: 400, message: CHECK_IN_IN_PAST });
    // "2026-11-21" is already yesterday in UTC, but it is today at the lake.
    const today = await createBooking(platform, anonymous, request(assetId, PROPERTY_TODAY, addDays(PROPERTY_TODAY, 1)), meta(), NOW);
    expect(today.ok).toBe(true);
  });

  it("refuses check-out on or before check-in, fewer than one guest, missing asset or dates", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [request(assetId, "2027-04-02", "2027-04-02"), "Check-out must be after check-in"],
      [request(assetId, "2027-04-03", "2027-04-02"), "Check-out must be after check-in"],
      [request(assetId, "2027-04-01", "2027-04-02", { numberOfGuests: 0 }), "Number of guests must be at least 1"],
      [request("", "2027-04-01", "2027-04-02"), "Please select an asset to book"],
      [request(assetId, "", ""), "Please select check-in and check-out dates"],
      [request(assetId, "2027-02-30", "2027-03-02"), "Please select check-in and check-out dates"],
      [request(assetId, "2027-04-01", "2027-04-02", { guestName: "  " }), "Guest name is required"],
      [request(assetId, "2027-04-01", "2027-04-02", { guestEmail: "nope" }), "Please enter a valid email address"],
    ];
    for (const [input, message] of cases) {
      const result = await createBooking(platform, anonymous, input as never, meta(), NOW);
      expect(result.ok ? "booked" : result.message, JSON.stringify(input)).toBe(message);
    }
  });

  it("refuses a problem of the form under the portal's title for it, with the message under its field", async () => {
    expect(await createBooking(platform, anonymous, request("", "2027-04-01", "2027-04-02"), meta(), NOW)).toEqual({
      ok: false,
      status: 400,
      title: "Select an asset",
      message: "Please select an asset to book",
      fieldErrors: { assetId: ["Please select an asset to book"] },
    });
    expect(await createBooking(platform, anonymous, request(assetId, "", "2027-04-02"), meta(), NOW)).toMatchObject({ status: 400, title: "Select dates", fieldErrors: { checkInDate: expect.arrayContaining(["Please select check-in and check-out dates"]) } });
    expect(await createBooking(platform, anonymous, request(assetId, "2027-04-01", "2027-04-02", { guestEmail: "nope" }), meta(), NOW)).toMatchObject({ status: 400, title: "Validation Error", fieldErrors: { guestEmail: ["Please enter a valid email address"] } });
  });

  it("takes the widget's requests from signed-in customers only, names what is missing, and titles its refusals Booking Failed but Dates Unavailable", async () => {
    const customer = await insertCustomer(t.db);
    const widget = (actor: Parameters<typeof reserveDates>[1], input: Record<string, unknown>) => reserveDates(platform, actor, input, meta());
    expect(await widget(anonymous, request(assetId, "2027-10-01", "2027-10-02"))).toEqual({ ok: false, status: 401, title: "Authentication Required", message: "Please log in to reserve your dates." });
    expect(await widget(customer, request(assetId, "", "", { guestName: " " }))).toEqual({ ok: false, status: 400, title: "Missing Information", message: "Please add a check-in date and your name." });
    expect(await widget(customer, request(assetId, "2027-10-01", "2027-10-02", { guestEmail: "nope" }))).toEqual({ ok: false, status: 400, title: BOOKING_FAILED, message: "Please enter a valid email address" });
    expect(await widget(await insertUser(t.db), request(assetId, "2027-10-01", "2027-10-02"))).toEqual({ ok: false, status: 403, title: BOOKING_FAILED, message: STAFF_AT_CUSTOMER_DOOR.booking });
    const booked = await widget(customer, request(assetId, addDays(PROPERTY_TODAY, 400), addDays(PROPERTY_TODAY, 402)));
    expect(booked).toMatchObject({ ok: true, value: { forAccount: true, guestEmail: customer.email } });
    expect(await widget(customer, request(assetId, addDays(PROPERTY_TODAY, 401), addDays(PROPERTY_TODAY, 403)))).toEqual({ ok: false, status: 409, title: DATES_UNAVAILABLE.title, message: DATES_UNAVAILABLE.description });
    // What nobody expected is answered in the widget's words (and logged), not thrown at the page.
    const broken = { ...platform, db: Object.assign(Object.create(platform.db) as Platform["db"], { transaction: () => Promise.reject(new Error("database gone")) }) };
    expect(await reserveDates(broken, customer, request(assetId, addDays(PROPERTY_TODAY, 410), addDays(PROPERTY_TODAY, 411)), meta())).toEqual({ ok: false, status: 500, title: BOOKING_FAILED, message: GENERIC_BOOKING_FAILURE });
  });

  it("refuses assets that are not available, and unknown ones", async () => {
    const broken = await insertAsset(t.db, locationId, { status: "maintenance" });
    for (const id of [broken.id, crypto.randomUUID()]) {
      const result = await createBooking(platform, anonymous, request(id, "2027-05-01", "2027-05-02"), meta(), NOW);
      expect(result).toEqual({ ok: false, status: 400, message: ASSET_NOT_AVAILABLE });
    }
  });

  it("links a signed-in customer's booking to the account and its e-mail; refuses admins", async () => {
    const customer = await insertCustomer(t.db);
    const result = await createBooking(platform, customer, request(assetId, "2027-06-01", "2027-06-02", { guestEmail: "someone-else@example.com" }), meta(), NOW);
    if (!result.ok) throw new Error(result.message);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, result.value.id));
    expect(row).toMatchObject({ userId: customer.userId, guestEmail: customer.email });

    const admin = await insertUser(t.db);
    const refused = await createBooking(platform, admin, request(assetId, "2027-06-05", "2027-06-06"), meta(), NOW);
    expect(refused).toEqual({ ok: false, status: 403, message: STAFF_AT_CUSTOMER_DOOR.booking });
  });

  it("limits guest requests per client address", async () => {
    const other = await insertAsset(t.db, locationId);
    const from = { clientAddress: "192.0.2.99" };
    const results = [];
    for (let i = 0; i < 11; i++) {
      const day = addDays("2028-01-01", i * 2);
      results.push(await createBooking(platform, anonymous, request(other.id, day, addDays(day, 1)), from, NOW));
    }
    expect(results.slice(0, 10).every((r) => r.ok)).toBe(true);
    expect(results[10]).toMatchObject({ ok: false, status: 429 });
  });

  it("lets exactly one of 200 concurrent requests for the same nights win; the rest get Dates Unavailable", async () => {
    const contested = await insertAsset(t.db, locationId);
    const attempts = Array.from({ length: 200 }, (_, i) => {
      const start = addDays("2027-08-01", i % 3); // overlapping ranges, not only identical ones
      return createBooking(platform, anonymous, request(contested.id, start, addDays(start, 3)), { clientAddress: `10.1.${Math.floor(i / 200)}.${i}` }, NOW);
    });
    const results = await Promise.all(attempts);
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.status === 409 && r.title === DATES_UNAVAILABLE.title)).toHaveLength(199);
    const rows = await t.db.select().from(bookings).where(eq(bookings.assetId, contested.id));
    expect(rows).toHaveLength(1);

    // Back-to-back stays racing each other both succeed.
    const adjacent = await Promise.all([
      createBooking(platform, anonymous, request(contested.id, "2027-09-01", "2027-09-03"), { clientAddress: "10.2.0.1" }, NOW),
      createBooking(platform, anonymous, request(contested.id, "2027-09-03", "2027-09-05"), { clientAddress: "10.2.0.2" }, NOW),
    ]);
    expect(adjacent.map((r) => r.ok)).toEqual([true, true]);
  }, 30_000);
});
