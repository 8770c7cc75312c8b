import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { readThrough, type Kept } from "~/platform/db/read-caches.server";
import { hiveAdoptions, hiveTiers } from "~/platform/db/schema";
import { toCents } from "~/platform/money";
import type { Platform } from "~/platform/runtime.server";

/** Adoptions that hold a place in a tier's max_adoptions (cancelled and expired ones free it). */
export const PLACE_HOLDING_STATUSES = ["pending", "active"] as const;

export type PublicTier = {
  id: string;
  name: string;
  description: string;
  monthlyCents: number;
  annualCents: number;
  honeyShareKg: number | null;
  perks: string[];
  /** Whole percent saved by paying yearly instead of twelve months. */
  annualSavingPercent: number;
  /** max_adoptions reached: shown as full and not offered. */
  isFull: boolean;
};

/** Active tiers in display order, with whether each still has room (public data). */
export async function listActiveTiers(db: Queryable): Promise<PublicTier[]> {
  const taken = db
    .select({ tierId: hiveAdoptions.tierId, taken: count().as("taken") })
    .from(hiveAdoptions)
    .where(inArray(hiveAdoptions.status, [...PLACE_HOLDING_STATUSES]))
    .groupBy(hiveAdoptions.tierId)
    .as("taken");
  const rows = await db
    .select({
      id: hiveTiers.id,
      name: hiveTiers.name,
      description: hiveTiers.description,
      priceMonthly: hiveTiers.priceMonthly,
      priceAnnual: hiveTiers.priceAnnual,
      honeyShareKg: hiveTiers.honeyShareKg,
      perks: hiveTiers.perks,
      maxAdoptions: hiveTiers.maxAdoptions,
      taken: sql<number>`coalesce(${taken.taken}, 0)`.mapWith(Number),
    })
    .from(hiveTiers)
    .leftJoin(taken, eq(taken.tierId, hiveTiers.id))
    .where(and(eq(hiveTiers.isActive, true)))
    .orderBy(asc(hiveTiers.displayOrder), asc(hiveTiers.name));
  return rows.map((row) => {
    const monthlyCents = toCents(row.priceMonthly);
    const annualCents = toCents(row.priceAnnual);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      monthlyCents,
      annualCents,
      honeyShareKg: row.honeyShareKg === null ? null : Number(row.honeyShareKg),
      perks: row.perks,
      annualSavingPercent: monthlyCents > 0 ? Math.max(0, Math.round((1 - annualCents / (monthlyCents * 12)) * 100)) : 0,
      isFull: row.maxAdoptions !== null && row.taken >= row.maxAdoptions,
    };
  });
}

/**
 * The same, as the adoption pages show it: kept in memory until a tier or an adoption changes
 * (on any instance), since every visit to the sponsor's portal asks for it.
 */
export function activeTiersForEveryPage(platform: Platform): Promise<PublicTier[]> {
  const cache = platform.readCaches.cache<Kept<PublicTier[]>>("active-tiers", { maxEntries: 1, maxAgeMs: 10 * 60_000 });
  return readThrough(cache, "active", () => listActiveTiers(platform.db));
}
