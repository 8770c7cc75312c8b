import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous } from "~/features/accounts/actor";
import type { Platform } from "~/platform/runtime.server";
import { insertAsset, insertLocation } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { createTestPlatform } from "../../../tests/setup/platform";
import { listBookedRanges } from "./availability.server";
import { createBooking } from "./bookings.server";
import { and, eq } from "drizzle-orm";
import { bookings, outboxMessages, securityAuditLog } from "~/platform/db/schema";
import { insertCustomer } from "../../../tests/factories/accounts";
import { BOOKING_NOT_FOUND, CANNOT_CANCEL, cancelFromLink, cancelMyBooking } from "./cancel-booking.server";
import { findGuestStay } from "./guest-stay.server";
import { readStayToken, stayToken } from "./stay-link.server";

const NOW = new Date("2026-11-22T12:00:00Z");
const meta = { clientAddress: "203.0.113.60" };

describe("stay links", () => {
  const secret = "a-secret-that-is-long-enough-for-tests-0123456789";
  const invalid = { ok: false, status: 404, message: "This link is not valid" };
  it("open only the booking they were made for, unaltered, until the day after check-out", () => {
    const token = stayToken("4f1c2a8e-1111-4222-8333-944455556666", "2027-01-10", secret);
    expect(readStayToken(token, secret, Date.parse("2027-01-11T12:00:00Z"))).toEqual({ ok: true, value: { bookingId: "4f1c2a8e-1111-4222-8333-944455556666" } });
    expect(readStayToken(token, secret, Date.parse("2027-01-12T00:00:00Z"))).toEqual({ ok: false, status: 410, message: "This link has expired" });
    const [id, expires, signature] = token.split(".");
    expect(readStayToken(`${id}.${Number(expires) + 86_400}.${signature}`, secret, 0)).toEqual(invalid);
    expect(readStayToken(`5f1c2a8e-1111-4222-8333-944455556666.${expires}.${signature}`, secret, 0)).toEqual(invalid);
    expect(readStayToken(token, `${secret}x`, 0)).toEqual(invalid);
    expect(readStayToken("garbage", secret, 0)).toEqual(invalid);
  });
});

describe.each(testEngines())("guest self-service on $name", (engine) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await engine.open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t.dispose());

  it("shows the guest their pending request and cancels it, freeing the dates at once; only once", async () => {
    const location = await insertLocation(t.db);
    const asset = await insertAsset(t.db, location.id, { pricePerNight: "100.00" });
    const input = { assetId: asset.id, checkInDate: "2027-05-01", checkOutDate: "2027-05-04", guestName: "Ana", guestEmail: "ana@example.com", numberOfGuests: 3 };
    const booked = await createBooking(platform, anonymous, input, { clientAddress: "203.0.113.50" }, NOW);
    if (!booked.ok) throw new Error(booked.message);
    const token = stayToken(booked.value.id, "2027-05-04", platform.authSecret);

    const found = await findGuestStay(platform, token);
    expect(found).toMatchObject({ ok: true, value: { status: "pending", assetName: asset.name, numberOfNights: 3, numberOfGuests: 3, totalCents: 30000, guestName: "Ana" } });
    expect((await createBooking(platform, anonymous, input, { clientAddress: "203.0.113.51" }, NOW)).ok).toBe(false);

    expect(await cancelFromLink(platform, token, meta)).toEqual({ ok: true, value: null });
    expect(await findGuestStay(platform, token)).toMatchObject({ ok: true, value: { status: "cancelled" } });
    expect((await listBookedRanges(t.db, asset.id, NOW))?.ranges).toEqual([]);
    expect(await cancelFromLink(platform, token, meta)).toEqual({ ok: false, status: 409, message: CANNOT_CANCEL });
    expect((await createBooking(platform, anonymous, input, { clientAddress: "203.0.113.52" }, NOW)).ok).toBe(true);

    // The guest's e-mail removes the event from their calendar; the organisation is told.
    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, `booking-cancelled:${booked.value.id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "ana@example.com", subject: `Your booking at ${location.name} is cancelled` });
    const ics = Buffer.from(mails[0]!.attachments[0]!.content, "base64").toString("utf8");
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain(`UID:booking-${booked.value.id}@apiary`);
    const [notice] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, `booking-cancelled-notice:${booked.value.id}`));
    expect(notice).toMatchObject({ to: platform.env.CONTACT_TO, subject: "Booking request cancelled: Ana, Saturday, May 1, 2027" });
    expect(notice!.text).toContain("from the private link in their e-mail");
    expect(notice!.text).toContain(asset.name);
    const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, booked.value.id));
    expect(audit).toMatchObject({ module: "bookings", userId: null, before: { status: "pending" }, after: { status: "cancelled" } });
  });

  it("lets a signed-in customer cancel their own pending request, and nobody else's", async () => {
    const location = await insertLocation(t.db);
    const asset = await insertAsset(t.db, location.id);
    const me = await insertCustomer(t.db);
    const someone = await insertCustomer(t.db);
    const book = async (checkInDate: string, checkOutDate: string) => {
      const result = await createBooking(platform, me, { assetId: asset.id, checkInDate, checkOutDate, guestName: "Me", guestEmail: me.email, numberOfGuests: 2 }, meta, NOW);
      if (!result.ok) throw new Error(result.message);
      return result.value.id;
    };
    const mine = await book("2027-06-01", "2027-06-03");
    expect(await cancelMyBooking(platform, someone, mine, meta)).toEqual({ ok: false, status: 404, message: BOOKING_NOT_FOUND });
    expect(await cancelMyBooking(platform, { kind: "anonymous" }, mine, meta)).toMatchObject({ ok: false, status: 404 });
    expect(await cancelMyBooking(platform, me, mine, meta)).toEqual({ ok: true, value: null });
    const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, mine));
    expect(row?.status).toBe("cancelled");
    const [notice] = await t.db.select({ text: outboxMessages.text }).from(outboxMessages).where(eq(outboxMessages.idempotencyKey, `booking-cancelled-notice:${mine}`));
    expect(notice?.text).toContain("from their account");

    // Confirmed by the team: changed with the team, not online.
    const confirmed = await book("2027-07-01", "2027-07-03");
    await t.db.update(bookings).set({ status: "confirmed" }).where(eq(bookings.id, confirmed));
    expect(await cancelMyBooking(platform, me, confirmed, meta)).toEqual({ ok: false, status: 409, message: CANNOT_CANCEL });
    expect(await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.idempotencyKey, `booking-cancelled:${confirmed}`)))).toEqual([]);
  });

  it("refuses a forged link", async () => {
    expect(await findGuestStay(platform, `${crypto.randomUUID()}.9999999999.AAAA`)).toEqual({ ok: false, status: 404, message: "This link is not valid" });
    expect(await findGuestStay(platform, stayToken(crypto.randomUUID(), "2020-01-10", platform.authSecret))).toEqual({ ok: false, status: 410, message: "This link has expired" });
    expect(await cancelFromLink(platform, "nope", meta)).toEqual({ ok: false, status: 404, message: "This link is not valid." });
  });
});
