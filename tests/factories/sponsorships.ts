/** Hive tiers and adoptions written straight into the database. */
import type { Queryable } from "~/platform/db/client.server";
import { hiveAdoptions, hives, hiveTiers } from "~/platform/db/schema";
import type { CustomerActor } from "./accounts";

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++counter}`;

export async function insertTier(db: Queryable, values: Partial<typeof hiveTiers.$inferInsert> = {}) {
  const [row] = await db
    .insert(hiveTiers)
    .values({
      name: unique("Tier"),
      description: "A tier for tests",
      priceMonthly: "22.55",
      priceAnnual: "249.00",
      honeyShareKg: "0.45",
      perks: ["Hive updates", "Honey share"],
      ...values,
    })
    .returning();
  return row!;
}

export async function insertAdoption(db: Queryable, actor: CustomerActor, tierId: string, values: Partial<typeof hiveAdoptions.$inferInsert> = {}) {
  const [row] = await db.insert(hiveAdoptions).values({ userId: actor.userId, email: actor.email, tierId, ...values }).returning();
  return row!;
}

/** A hive of the registry at a location (active unless told). */
export async function insertHive(db: Queryable, locationId: string, values: Partial<typeof hives.$inferInsert> = {}) {
  const [row] = await db
    .insert(hives)
    .values({ name: unique("Hive"), locationId, ...values })
    .returning();
  return row!;
}
