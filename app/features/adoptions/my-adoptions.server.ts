import { desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Actor } from "~/features/accounts/actor";
import type { Queryable } from "~/platform/db/client.server";
import { hiveAdoptions, hives, hiveTiers, hiveUpdates, paymentHistory } from "~/platform/db/schema";
import { toCents } from "~/platform/money";
import { imageSources, type ImageSources, type UrlOf } from "~/platform/storage/image-sources";

export type MyAdoption = {
  id: string;
  /** The hive's own name if the sponsor gave one, else the tier's. */
  name: string;
  tierName: string;
  paymentFrequency: "monthly" | "annual";
  status: "pending" | "active" | "cancelled" | "expired";
  startDate: string;
  endDate: string | null;
  /** The tier's price for the adoption's plan: per month or per year. */
  priceCents: number;
  totalPaidCents: number;
  /** The registry's hive it is assigned to, if any. */
  hive: { name: string; status: "active" | "failed" | "retired"; photo: ImageSources | null } | null;
  /** The hive's updates, newest first (the latest 10). */
  updates: { id: string; body: string; createdAt: string; photos: ImageSources[] }[];
  /** Newest first. */
  payments: { id: string; amountCents: number; paymentMethod: "credit_card" | "cash" | "crypto"; paymentDate: string }[];
};

/** The customer's own hive adoptions, newest first. */
export async function listMyAdoptions(db: Queryable, actor: Actor, storage: UrlOf): Promise<MyAdoption[]> {
  if (actor.kind !== "customer") return [];
  const rows = await db
    .select({
      id: hiveAdoptions.id,
      hiveName: hiveAdoptions.hiveName,
      tierName: hiveTiers.name,
      paymentFrequency: hiveAdoptions.paymentFrequency,
      status: hiveAdoptions.status,
      startDate: hiveAdoptions.startDate,
      endDate: hiveAdoptions.endDate,
      totalPaid: hiveAdoptions.totalPaid,
      hiveId: hiveAdoptions.hiveId,
      registryHive: hives.name,
      hiveStatus: hives.status,
      hivePhoto: hives.photo,
      priceMonthly: hiveTiers.priceMonthly,
      priceAnnual: hiveTiers.priceAnnual,
    })
    .from(hiveAdoptions)
    .innerJoin(hiveTiers, eq(hiveTiers.id, hiveAdoptions.tierId))
    .leftJoin(hives, eq(hives.id, hiveAdoptions.hiveId))
    .where(eq(hiveAdoptions.userId, actor.userId))
    .orderBy(desc(hiveAdoptions.createdAt), desc(hiveAdoptions.id));
  const payments =
    rows.length === 0
      ? []
      : await db
          .select({ id: paymentHistory.id, adoptionId: paymentHistory.adoptionId, amount: paymentHistory.amount, paymentMethod: paymentHistory.paymentMethod, paymentDate: paymentHistory.paymentDate })
          .from(paymentHistory)
          .where(inArray(paymentHistory.adoptionId, rows.map((row) => row.id)))
          .orderBy(desc(paymentHistory.paymentDate), desc(paymentHistory.createdAt));
  const hiveIds = [...new Set(rows.flatMap((row) => (row.hiveId ? [row.hiveId] : [])))];
  // The latest ten of each hive (a window over the hives' updates, newest first).
  const latest = async () => {
    const ranked = db
      .select({ id: hiveUpdates.id, hiveId: hiveUpdates.hiveId, body: hiveUpdates.body, photos: hiveUpdates.photos, createdAt: hiveUpdates.createdAt, rank: sql<number>`row_number() over (partition by ${hiveUpdates.hiveId} order by ${hiveUpdates.createdAt} desc)`.as("rank") })
      .from(hiveUpdates)
      .where(inArray(hiveUpdates.hiveId, hiveIds))
      .as("ranked");
    return db.select().from(ranked).where(lte(ranked.rank, 10)).orderBy(desc(ranked.createdAt));
  };
  const updates = hiveIds.length === 0 ? [] : await latest();
  return rows.map((row) => ({
    id: row.id,
    name: row.hiveName?.trim() ? row.hiveName : row.tierName,
    tierName: row.tierName,
    paymentFrequency: row.paymentFrequency,
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
    priceCents: toCents(row.paymentFrequency === "annual" ? row.priceAnnual : row.priceMonthly),
    totalPaidCents: toCents(row.totalPaid),
    hive: row.registryHive && row.hiveStatus ? { name: row.registryHive, status: row.hiveStatus, photo: row.hivePhoto ? imageSources(storage, row.hivePhoto) : null } : null,
    updates: updates
      .filter((update) => update.hiveId === row.hiveId)
      .map((update) => ({ id: update.id, body: update.body, createdAt: update.createdAt.toISOString(), photos: update.photos.map((photo) => imageSources(storage, photo)) })),
    payments: payments
      .filter((payment) => payment.adoptionId === row.id)
      .map((payment) => ({ id: payment.id, amountCents: toCents(payment.amount), paymentMethod: payment.paymentMethod, paymentDate: payment.paymentDate })),
  }));
}
