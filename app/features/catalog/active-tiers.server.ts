import { asc, eq } from "drizzle-orm";
import { isFull, placesTakenOfTier } from "~/features/adoptions/tier-places.server";
import type { Queryable } from "~/platform/db/client.server";
import { readThrough, type Kept } from "~/platform/db/read-caches.server";
import { hiveTiers } from "~/platform/db/schema";
import { toCents } from "~/platform/money";
import type { Platform } from "~/platform/runtime.server";

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
      taken: placesTakenOfTier,
    })
    .from(hiveTiers)
    .where(eq(hiveTiers.isActive, true))
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
      isFull: isFull(row, row.taken),
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
