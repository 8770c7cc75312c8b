/**
 * Rows for the sponsor profile's integration tests, written straight into the database: the
 * booking and adoption commands have tests of their own, these only need rows to list.
 */
import type { Actor } from "~/features/accounts/actor";
import type { Queryable } from "~/platform/db/client.server";
import { assets, bookings, hiveAdoptions, hiveTiers, locations, sponsors, users } from "~/platform/db/schema";

export type CustomerActor = Extract<Actor, { kind: "customer" }>;

export async function insertCustomer(
  db: Queryable,
  options: { email?: string; emailVerified?: boolean; sponsor?: boolean } = {},
): Promise<CustomerActor> {
  const id = crypto.randomUUID();
  const email = options.email ?? `customer-${id.slice(0, 8)}@example.com`;
  const emailVerified = options.emailVerified ?? true;
  await db.insert(users).values({ id, email, emailVerified, name: "" });
  if (options.sponsor ?? true) await db.insert(sponsors).values({ userId: id, email });
  return { kind: "customer", userId: id, email, emailVerified };
}

export async function insertStayAsset(db: Queryable, name = `Lakeside RV ${crypto.randomUUID().slice(0, 6)}`) {
  const [location] = await db
    .insert(locations)
    .values({ name: `Test Meadow ${crypto.randomUUID().slice(0, 6)}`, address: "1 Hive Lane" })
    .returning();
  const [asset] = await db.insert(assets).values({ locationId: location!.id, name, type: "rv", pricePerNight: "125.50" }).returning();
  return { location: location!, asset: asset! };
}

type BookingRow = typeof bookings.$inferInsert;

let nextDay = 0;
/** A stay of `nights` nights on days no other call of this module used, so stays never clash. */
export async function insertBooking(db: Queryable, assetId: string, values: Partial<BookingRow> & { guestEmail: string }) {
  const nights = values.numberOfNights ?? 2;
  const start = new Date(Date.UTC(2030, 0, 1) + (nextDay += 10) * 86_400_000);
  const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const [row] = await db
    .insert(bookings)
    .values({
      assetId,
      location: "Test Meadow",
      guestName: "Guest",
      checkInDate: day(0),
      checkOutDate: day(nights),
      numberOfNights: nights,
      totalAmount: "251.00",
      experienceType: "rv",
      ...values,
    })
    .returning();
  return row!;
}

export async function insertTier(db: Queryable, values: Partial<typeof hiveTiers.$inferInsert> = {}) {
  const [tier] = await db
    .insert(hiveTiers)
    .values({ name: `Tier ${crypto.randomUUID().slice(0, 6)}`, description: "Looks after one hive.", priceMonthly: "25.00", priceAnnual: "276.00", ...values })
    .returning();
  return tier!;
}

export async function insertAdoption(db: Queryable, actor: CustomerActor, tierId: string, values: Partial<typeof hiveAdoptions.$inferInsert> = {}) {
  const [row] = await db.insert(hiveAdoptions).values({ userId: actor.userId, email: actor.email, tierId, ...values }).returning();
  return row!;
}
