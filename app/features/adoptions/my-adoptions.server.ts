import { desc, eq } from "drizzle-orm";
import type { Actor } from "~/features/accounts/actor";
import type { Queryable } from "~/platform/db/client.server";
import { hiveAdoptions, hiveTiers } from "~/platform/db/schema";
import { toCents } from "~/platform/money";

export type MyAdoption = {
  id: string;
  /** The hive's own name if the sponsor gave one, else the tier's. */
  name: string;
  tierName: string;
  paymentFrequency: "monthly" | "annual";
  status: "pending" | "active" | "cancelled" | "expired";
  startDate: string;
  /** The tier's price for the adoption's plan: per month or per year. */
  priceCents: number;
};

/** The customer's own hive adoptions, newest first. */
export async function listMyAdoptions(db: Queryable, actor: Actor): Promise<MyAdoption[]> {
  if (actor.kind !== "customer") return [];
  const rows = await db
    .select({
      id: hiveAdoptions.id,
      hiveName: hiveAdoptions.hiveName,
      tierName: hiveTiers.name,
      paymentFrequency: hiveAdoptions.paymentFrequency,
      status: hiveAdoptions.status,
      startDate: hiveAdoptions.startDate,
      priceMonthly: hiveTiers.priceMonthly,
      priceAnnual: hiveTiers.priceAnnual,
    })
    .from(hiveAdoptions)
    .innerJoin(hiveTiers, eq(hiveTiers.id, hiveAdoptions.tierId))
    .where(eq(hiveAdoptions.userId, actor.userId))
    .orderBy(desc(hiveAdoptions.createdAt), desc(hiveAdoptions.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.hiveName?.trim() ? row.hiveName : row.tierName,
    tierName: row.tierName,
    paymentFrequency: row.paymentFrequency,
    status: row.status,
    startDate: row.startDate,
    priceCents: toCents(row.paymentFrequency === "annual" ? row.priceAnnual : row.priceMonthly),
  }));
}
