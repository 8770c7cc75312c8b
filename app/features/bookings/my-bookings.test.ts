import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "~/platform/db/schema";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { insertCustomer, insertUser } from "../../../tests/factories/accounts";
import { insertBooking, insertStayAsset } from "../../../tests/factories/stays";
import { listMyBookings } from "./my-bookings.server";

describe.each(testEngines())("a customer's bookings on $name", ({ open }) => {
  let t: TestDatabase;
  let assetId: string;

  beforeAll(async () => {
    t = await open();
    ({ asset: { id: assetId } } = await insertStayAsset(t.db, "Willow RV"));
  });
  afterAll(() => t?.dispose());

  /** Bookings are listed newest first: give each its own creation time. */
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

  it("lists bookings made while signed in and, once verified, those made under the e-mail; newest first, each once", async () => {
    const me = await insertCustomer(t.db, { email: "Moss.Meadow@example.com", emailVerified: true });
    const other = await insertCustomer(t.db);
    const signedIn = await insertBooking(t.db, assetId, { userId: me.userId, guestEmail: "someone-else@example.com", createdAt: at(30) });
    const asGuest = await insertBooking(t.db, assetId, { guestEmail: "moss.meadow@EXAMPLE.com", createdAt: at(10), status: "confirmed" });
    // Matched both ways: still one row.
    const both = await insertBooking(t.db, assetId, { userId: me.userId, guestEmail: me.email, createdAt: at(20), status: "cancelled" });
    await insertBooking(t.db, assetId, { userId: other.userId, guestEmail: other.email, createdAt: at(5) });
    await insertBooking(t.db, assetId, { guestEmail: "moss.meadow@example.org", createdAt: at(1) });

    const mine = await listMyBookings(t.db, me);
    expect(mine.map((b) => b.id)).toEqual([asGuest.id, both.id, signedIn.id]);
    expect(mine[0]).toEqual({
      id: asGuest.id,
      assetName: "Willow RV",
      experienceType: "rv",
      status: "confirmed",
      checkInDate: asGuest.checkInDate,
      checkOutDate: asGuest.checkOutDate,
      numberOfGuests: 2,
      totalCents: 25_100,
    });
  });

  it("does not hand over guest bookings to an unverified address", async () => {
    const unverified = await insertCustomer(t.db, { email: "unproven@example.com", emailVerified: false });
    await insertBooking(t.db, assetId, { guestEmail: "unproven@example.com" });
    const own = await insertBooking(t.db, assetId, { userId: unverified.userId, guestEmail: "unproven@example.com" });
    expect((await listMyBookings(t.db, unverified)).map((b) => b.id)).toEqual([own.id]);
  });

  it("shows totals in exact cents and keeps out everyone else's bookings", async () => {
    const me = await insertCustomer(t.db);
    const stay = await insertBooking(t.db, assetId, { userId: me.userId, guestEmail: me.email, totalAmount: "376.50", numberOfNights: 3, numberOfGuests: 4 });
    const [row] = await listMyBookings(t.db, me);
    expect(row).toMatchObject({ id: stay.id, totalCents: 37_650, numberOfGuests: 4 });
    expect(await listMyBookings(t.db, me)).toHaveLength(1);
    const stranger = await insertCustomer(t.db);
    expect(await listMyBookings(t.db, stranger)).toEqual([]);
  });

  it("gives nothing to anonymous visitors or administrators", async () => {
    const admin = await insertUser(t.db, { role: "admin" });
    await insertBooking(t.db, assetId, { userId: admin.userId, guestEmail: admin.email });
    expect(await listMyBookings(t.db, admin)).toEqual([]);
    expect(await listMyBookings(t.db, { kind: "anonymous" })).toEqual([]);
    expect((await t.db.select().from(bookings).where(eq(bookings.userId, admin.userId))).length).toBe(1);
  });
});
