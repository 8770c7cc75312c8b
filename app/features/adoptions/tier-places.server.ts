import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { hiveAdoptions } from "~/platform/db/schema";
import type { AdoptionStatusName } from "./adoption-options";

/**
 * The places of a tier (its max adoptions): which adoptions hold one, and how they are counted.
 * The portal's adoption form, the back-office's tiers, adoptions and hives, the public tier list
 * and the expiry schedule all ask here, so they cannot disagree about whether a tier is full.
 */

/** Adoptions that hold a place (cancelled and expired ones free it). */
export const PLACE_HOLDING_STATUSES = ["pending", "active"] as const satisfies readonly AdoptionStatusName[];

export const holdsPlace = (status: AdoptionStatusName) => (PLACE_HOLDING_STATUSES as readonly AdoptionStatusName[]).includes(status);

/** The same rule as a condition on hive_adoptions, for Drizzle's queries. */
export const adoptionHoldsPlace = inArray(hiveAdoptions.status, [...PLACE_HOLDING_STATUSES]);

// Literals, not parameters: the statuses are ours, and a statement that embeds them stays one text.
const statusList = sql.raw(PLACE_HOLDING_STATUSES.map((status) => `'${status}'`).join(", "));

/** The rule written out in SQL, for statements that name hive_adoptions as `alias`. */
export const holdsPlaceIn = (alias: string) => sql`${sql.raw(alias)}.status in (${statusList})`;

/**
 * The places taken in each tier of a select from hive_tiers (a correlated subquery). Written out:
 * inside a select, Drizzle leaves column names unqualified.
 */
export const placesTakenOfTier = sql<number>`(select count(*)::int from hive_adoptions a where a.tier_id = hive_tiers.id and ${holdsPlaceIn("a")})`;

/** Places held in a tier, leaving out `exceptAdoptionId` (the adoption being changed); call with the tier row locked. */
export async function placesTaken(tx: Queryable, tierId: string, exceptAdoptionId?: string): Promise<number> {
  const [held] = await tx
    .select({ n: count() })
    .from(hiveAdoptions)
    .where(and(eq(hiveAdoptions.tierId, tierId), adoptionHoldsPlace, exceptAdoptionId ? ne(hiveAdoptions.id, exceptAdoptionId) : undefined));
  return Number(held?.n ?? 0);
}

/** Every place taken (a tier without max adoptions is never full). */
export const isFull = (tier: { maxAdoptions: number | null }, taken: number) => tier.maxAdoptions !== null && taken >= tier.maxAdoptions;

/**
 * Whether one more adoption fits in the tier. Call inside the transaction that locked the tier
 * row (`for update`): every command that gives an adoption a place locks it, so two cannot both
 * take the last one.
 */
export async function hasRoom(tx: Queryable, tier: { id: string; maxAdoptions: number | null }, exceptAdoptionId?: string): Promise<boolean> {
  return tier.maxAdoptions === null || !isFull(tier, await placesTaken(tx, tier.id, exceptAdoptionId));
}
