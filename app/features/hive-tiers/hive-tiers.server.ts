import { and, asc, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import { assertCan } from "~/features/accounts/permissions";
import { failed, invalid, succeeded, type Result } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import { refuseDuplicate } from "~/features/back-office/duplicates.server";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { isRecordId } from "~/features/back-office/record-id";
import { containing } from "~/features/back-office/search";
import { placesTaken, placesTakenOfTier } from "~/features/adoptions/tier-places.server";
import type { Queryable } from "~/platform/db/client.server";
import { hiveAdoptions, hiveTiers } from "~/platform/db/schema";
import { plural } from "~/platform/plural";
import { AddTierSchema, DeleteTierSchema, EditTierSchema, type TierFieldsInput } from "./hive-tiers.schema";

/** One hive tier in the back-office, with how many adoptions hold one of its places. */
export type TierRow = {
  id: string;
  name: string;
  description: string;
  priceMonthly: string;
  priceAnnual: string;
  honeyShareKg: string | null;
  perks: string[];
  maxAdoptions: number | null;
  isActive: boolean;
  displayOrder: number;
  /** Pending and active adoptions: the places taken. */
  taken: number;
};

const takenOf = placesTakenOfTier;
const tierColumns = {
  id: hiveTiers.id,
  name: hiveTiers.name,
  description: hiveTiers.description,
  priceMonthly: hiveTiers.priceMonthly,
  priceAnnual: hiveTiers.priceAnnual,
  honeyShareKg: hiveTiers.honeyShareKg,
  perks: hiveTiers.perks,
  maxAdoptions: hiveTiers.maxAdoptions,
  isActive: hiveTiers.isActive,
  displayOrder: hiveTiers.displayOrder,
  taken: takenOf,
};

const SORTS = { order: hiveTiers.displayOrder, name: hiveTiers.name, monthly: hiveTiers.priceMonthly, annual: hiveTiers.priceAnnual, taken: takenOf } as const;

const filtersOf = (params: ListParams): SQL | undefined =>
  and(params.q ? ilike(hiveTiers.name, containing(params.q)) : undefined, params.filters.active ? eq(hiveTiers.isActive, params.filters.active === "active") : undefined);

/** The tiers in display order (the spec), then by name. */
export async function listTiers({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "hive_tiers", "view");
  const column = SORTS[params.sort as keyof typeof SORTS] ?? hiveTiers.displayOrder;
  return pagedList(
    platform.db,
    { select: () => platform.db.select(tierColumns).from(hiveTiers), where: filtersOf(params), orderBy: [params.dir === "desc" ? desc(column) : asc(column), asc(hiveTiers.name)] },
    params,
    page,
  );
}

export async function getTier({ platform, actor }: BackOfficeContext, id: string): Promise<TierRow | null> {
  assertCan(actor, "hive_tiers", "view");
  if (!isRecordId(id)) return null;
  const [row] = await platform.db.select(tierColumns).from(hiveTiers).where(eq(hiveTiers.id, id));
  return row ?? null;
}

/** Every tier, active ones first, for a picker (Hive Adoptions' dialog and filter). */
export async function listTierChoices(db: Queryable) {
  return db.select({ id: hiveTiers.id, name: hiveTiers.name, isActive: hiveTiers.isActive, priceMonthly: hiveTiers.priceMonthly, priceAnnual: hiveTiers.priceAnnual }).from(hiveTiers).orderBy(desc(hiveTiers.isActive), asc(hiveTiers.displayOrder), asc(hiveTiers.name));
}

export const duplicateTierName = (name: string) => `There is already a tier called "${name}". Choose another name.`;
const GONE = "This tier no longer exists.";

/** Why a tier that adoptions refer to stays: they point at it, and keep its name and price. */
export const tierInUse = (name: string, adoptions: number) =>
  `${name} has ${plural(adoptions, "adoption")}, so it cannot be deleted. Deactivate it instead: it stays on those adoptions and is no longer offered.`;

/** Why max adoptions cannot go below the places already taken. */
export const capacityBelowTaken = (name: string, taken: number) =>
  `${name} has ${plural(taken, "pending or active adoption")}: max adoptions cannot be lower than ${taken}. Cancel adoptions first, or leave it higher.`;

/** The audit trail's copy of a tier, and what decides whether an edit changed anything. */
const fieldsOf = (row: Pick<TierRow, "name" | "description" | "priceMonthly" | "priceAnnual" | "honeyShareKg" | "perks" | "maxAdoptions" | "isActive" | "displayOrder">) => ({
  name: row.name,
  description: row.description,
  priceMonthly: Number(row.priceMonthly).toFixed(2),
  priceAnnual: Number(row.priceAnnual).toFixed(2),
  honeyShareKg: row.honeyShareKg === null ? null : Number(row.honeyShareKg).toFixed(2),
  perks: row.perks,
  maxAdoptions: row.maxAdoptions,
  isActive: row.isActive,
  displayOrder: row.displayOrder,
});

const valuesOf = (fields: TierFieldsInput) => ({ ...fields });

export async function addTier(ctx: BackOfficeContext, input: unknown): Promise<Result<{ id: string }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "hive_tiers", "create");
  const parsed = AddTierSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const values = valuesOf(parsed.data);
  return refuseDuplicate("name", duplicateTierName(values.name), () =>
    platform.db.transaction(async (tx) => {
      const [row] = await tx.insert(hiveTiers).values(values).returning({ id: hiveTiers.id });
      await recordChange(tx, actor, { module: "hive_tiers", action: "create", recordId: row!.id, after: fieldsOf(values), details: { label: values.name } }, meta);
      return succeeded({ id: row!.id }, "Tier added", values.name);
    }),
  );
}

/**
 * Changes a tier. The tier row is locked while its places are counted (the adoption form locks it
 * too), so max adoptions cannot slip below the adoptions holding a place.
 */
export async function updateTier(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "hive_tiers", "update");
  const parsed = EditTierSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, ...fields } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  const values = valuesOf(fields);
  return refuseDuplicate("name", duplicateTierName(values.name), () =>
    platform.db.transaction(async (tx) => {
      const [current] = await tx.select().from(hiveTiers).where(eq(hiveTiers.id, id)).for("update");
      if (!current) return failed(404, GONE);
      const before = fieldsOf(current);
      const after = fieldsOf(values);
      if (JSON.stringify(before) === JSON.stringify(after)) return succeeded(null, "No changes to save", current.name);
      if (values.maxAdoptions !== null) {
        const taken = await placesTaken(tx, id);
        if (values.maxAdoptions < taken) {
          const message = capacityBelowTaken(current.name, taken);
          return failed(409, message, { maxAdoptions: [message] });
        }
      }
      await tx
        .update(hiveTiers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(hiveTiers.id, id));
      await recordChange(tx, actor, { module: "hive_tiers", action: "update", recordId: id, before, after, details: { label: values.name } }, meta);
      return succeeded(null, "Tier updated", values.name);
    }),
  );
}

export async function deleteTier(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "hive_tiers", "delete");
  const parsed = DeleteTierSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  return platform.db.transaction(async (tx) => {
    const [current] = await tx.select().from(hiveTiers).where(eq(hiveTiers.id, id)).for("update");
    if (!current) return failed(404, GONE);
    // Adoptions point at their tier (on delete restrict): say so, with the way out.
    const [used] = await tx.select({ n: count() }).from(hiveAdoptions).where(eq(hiveAdoptions.tierId, id));
    if (Number(used?.n ?? 0) > 0) return failed(409, tierInUse(current.name, Number(used!.n)));
    await tx.delete(hiveTiers).where(eq(hiveTiers.id, id));
    await recordChange(tx, actor, { module: "hive_tiers", action: "delete", recordId: id, before: fieldsOf(current), details: { label: current.name } }, meta);
    return succeeded(null, "Tier deleted", current.name);
  });
}
