/**
 * Rows for the stays and sponsorship tests: locations, assets, tiers and customers written
 * straight into the database.
 */
import type { Actor } from "~/features/accounts/actor";
import type { Queryable } from "~/platform/db/client.server";
import { assets, hiveTiers, locations, profiles, sponsors, userRoles, users } from "~/platform/db/schema";

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++counter}`;

export async function insertLocation(db: Queryable, values: { name?: string; timeZone?: string } = {}) {
  const [row] = await db
    .insert(locations)
    .values({ name: values.name ?? unique("Lake"), address: "1 Shore Rd, Stanwood, WA", timeZone: values.timeZone ?? "America/Los_Angeles" })
    .returning();
  return row!;
}

export async function insertAsset(
  db: Queryable,
  locationId: string,
  values: { name?: string; pricePerNight?: string; status?: "available" | "occupied" | "maintenance" | "unavailable"; type?: "rv" | "rental" } = {},
) {
  const [row] = await db
    .insert(assets)
    .values({
      locationId,
      name: values.name ?? unique("Trailer"),
      pricePerNight: values.pricePerNight ?? "165.00",
      status: values.status ?? "available",
      type: values.type ?? "rv",
    })
    .returning();
  return row!;
}

export async function insertTier(
  db: Queryable,
  values: { name?: string; priceMonthly?: string; priceAnnual?: string; maxAdoptions?: number | null; isActive?: boolean; displayOrder?: number } = {},
) {
  const [row] = await db
    .insert(hiveTiers)
    .values({
      name: values.name ?? unique("Tier"),
      description: "A tier for tests",
      priceMonthly: values.priceMonthly ?? "22.55",
      priceAnnual: values.priceAnnual ?? "249.00",
      honeyShareKg: "0.45",
      perks: ["Hive updates", "Honey share"],
      maxAdoptions: values.maxAdoptions ?? null,
      isActive: values.isActive ?? true,
      displayOrder: values.displayOrder ?? 0,
    })
    .returning();
  return row!;
}

export type CustomerActor = Extract<Actor, { kind: "customer" }>;

/** A signed-up customer: user, profile, customer role and sponsor record. */
export async function insertCustomer(db: Queryable, options: { email?: string; emailVerified?: boolean } = {}): Promise<CustomerActor> {
  const id = crypto.randomUUID();
  const email = options.email ?? `sponsor-${id.slice(0, 8)}@example.com`;
  const emailVerified = options.emailVerified ?? true;
  await db.insert(users).values({ id, email, emailVerified, name: email.split("@")[0]! });
  await db.insert(profiles).values({ id, email, firstLogin: false });
  await db.insert(userRoles).values({ userId: id, role: "customer" });
  await db.insert(sponsors).values({ userId: id, email });
  return { kind: "customer", userId: id, email, emailVerified };
}
