import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous } from "~/features/accounts/actor";
import type { Platform } from "~/platform/runtime.server";
import { insertAsset, insertLocation } from "../../../tests/factories/stays";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { createTestPlatform } from "../../../tests/setup/platform";
import { listBookedRanges } from "./availability.server";
import { createBooking } from "./bookings.server";
import { CANNOT_CANCEL, cancelGuestStay, findGuestStay } from "./guest-stay.server";
import { readStayToken, stayToken } from "./stay-link.server";

const NOW = new Date("2026-11-22T12:00:00Z");

describe("stay links", () => {
  const secret = "a-secret-that-is-long-enough-for-tests-0123456789";
  it("open only the booking they were made for, unaltered, until the day after check-out", () => {
    const token = stayToken("4f1c2a8e-1111-4222-8333-944455556666", "2027-01-10", secret);
    expect(readStayToken(token, secret, Date.parse("2027-01-11T12:00:00Z"))).toEqual({ ok: true, bookingId: "4f1c2a8e-1111-4222-8333-944455556666" });
    expect(readStayToken(token, secret, Date.parse("2027-01-12T00:00:00Z"))).toEqual({ ok: false, reason: "expired" });
    const [id, expires, signature] = token.split(".");
    expect(readStayToken(`${id}.${Number(expires) + 86_400}.${signature}`, secret, 0)).toEqual({ ok: false, reason: "invalid" });
    expect(readStayToken(`5f1c2a8e-1111-4222-8333-944455556666.${expires}.${signature}`, secret, 0)).toEqual({ ok: false, reason: "invalid" });
    expect(readStayToken(token, `${secret}x`, 0)).toEqual({ ok: false, reason: "invalid" });
    expect(readStayToken("garbage", secret, 0)).toEqual({ ok: false, reason: "invalid" });
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
    if (!booked.ok) throw new Error(booked.error.message);
    const token = stayToken(booked.booking.id, "2027-05-04", platform.authSecret);

    const found = await findGuestStay(platform, token);
    expect(found).toMatchObject({ ok: true, stay: { status: "pending", assetName: asset.name, numberOfNights: 3, numberOfGuests: 3, totalCents: 30000, guestName: "Ana" } });
    expect((await createBooking(platform, anonymous, input, { clientAddress: "203.0.113.51" }, NOW)).ok).toBe(false);

    expect(await cancelGuestStay(platform, token)).toEqual({ ok: true });
    expect(await findGuestStay(platform, token)).toMatchObject({ ok: true, stay: { status: "cancelled" } });
    expect((await listBookedRanges(t.db, asset.id, NOW))?.ranges).toEqual([]);
    expect(await cancelGuestStay(platform, token)).toEqual({ ok: false, message: CANNOT_CANCEL });
    expect((await createBooking(platform, anonymous, input, { clientAddress: "203.0.113.52" }, NOW)).ok).toBe(true);
  });

  it("refuses a forged link", async () => {
    expect(await findGuestStay(platform, `${crypto.randomUUID()}.9999999999.AAAA`)).toEqual({ ok: false, reason: "invalid" });
    expect(await cancelGuestStay(platform, "nope")).toEqual({ ok: false, message: "This link is not valid." });
  });
});
