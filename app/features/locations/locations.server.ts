import { asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import { assertCan } from "~/features/accounts/permissions";
import { failed, invalid, succeeded, type Result } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import { refuseDuplicate } from "~/features/back-office/duplicates.server";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { isRecordId } from "~/features/back-office/record-id";
import { containing } from "~/features/back-office/search";
import { assets, hives, locations } from "~/platform/db/schema";
import { AddLocationSchema, DeleteLocationSchema, EditLocationSchema } from "./locations.schema";

/** One location in the back-office (dates as ISO strings: the row travels to the browser). */
export type LocationRow = { id: string; name: string; address: string; amenities: string[]; timeZone: string; assetCount: number };

// Written out: inside a select, Drizzle leaves column names unqualified, and both tables have an "id".
const assetCountOf = sql<number>`(select count(*)::int from assets a where a.location_id = locations.id)`;
const locationColumns = { id: locations.id, name: locations.name, address: locations.address, amenities: locations.amenities, timeZone: locations.timeZone, assetCount: assetCountOf };

const SORTS = { name: locations.name, address: locations.address, assets: assetCountOf } as const;
export const LOCATION_SORTS = Object.keys(SORTS);

const filtersOf = (params: ListParams): SQL | undefined => (params.q ? or(ilike(locations.name, containing(params.q)), ilike(locations.address, containing(params.q))) : undefined);

/** The locations, ordered by name (the spec), with how many assets each has. */
export async function listLocations({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "locations", "view");
  const column = SORTS[params.sort as keyof typeof SORTS] ?? locations.name;
  return pagedList(
    platform.db,
    {
      select: () => platform.db.select(locationColumns).from(locations),
      where: filtersOf(params),
      orderBy: [params.dir === "desc" ? desc(column) : asc(column), asc(locations.name)],
    },
    params,
    page,
  );
}


export async function getLocation({ platform, actor }: BackOfficeContext, id: string): Promise<LocationRow | null> {
  assertCan(actor, "locations", "view");
  if (!isRecordId(id)) return null;
  const [row] = await platform.db.select(locationColumns).from(locations).where(eq(locations.id, id));
  return row ?? null;
}

export const duplicateName = (name: string) => `There is already a location called "${name}". Choose another name.`;
const GONE = "This location no longer exists.";
const fieldsOf = (row: Pick<LocationRow, "name" | "address" | "amenities" | "timeZone">) => ({ name: row.name, address: row.address, amenities: row.amenities, timeZone: row.timeZone });


export async function addLocation(ctx: BackOfficeContext, input: unknown): Promise<Result<{ id: string }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "locations", "create");
  const parsed = AddLocationSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const fields = parsed.data;
  return refuseDuplicate("name", duplicateName(fields.name), () =>
    platform.db.transaction(async (tx) => {
      const [row] = await tx.insert(locations).values(fields).returning({ id: locations.id });
      await recordChange(tx, actor, { module: "locations", action: "create", recordId: row!.id, after: fieldsOf(fields), details: { label: fields.name } }, meta);
      return succeeded({ id: row!.id }, "Location added", fields.name);
    }),
  );
}

export async function updateLocation(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "locations", "update");
  const parsed = EditLocationSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, ...fields } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  return refuseDuplicate("name", duplicateName(fields.name), () =>
    platform.db.transaction(async (tx) => {
      const [current] = await tx.select(locationColumns).from(locations).where(eq(locations.id, id)).for("update");
      if (!current) return failed(404, GONE);
      await tx
        .update(locations)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(locations.id, id));
      await recordChange(tx, actor, { module: "locations", action: "update", recordId: id, before: fieldsOf(current), after: fieldsOf(fields), details: { label: fields.name } }, meta);
      return succeeded(null, "Location updated", fields.name);
    }),
  );
}

/** How a location that still has assets is refused: the assets named, the way out said. */
export function stillHasAssets(name: string, assetNames: readonly string[]) {
  const listed = assetNames.slice(0, 3).join(", ") + (assetNames.length > 3 ? ` and ${assetNames.length - 3} more` : "");
  return `${name} still has ${assetNames.length === 1 ? "an asset" : `${assetNames.length} assets`} (${listed}). Move them to another location or delete them first, or mark them unavailable.`;
}

/** How a location that still keeps hives of the registry is refused. */
export function stillHasHives(name: string, hiveNames: readonly string[]) {
  const listed = hiveNames.slice(0, 3).join(", ") + (hiveNames.length > 3 ? ` and ${hiveNames.length - 3} more` : "");
  return `${name} still has ${hiveNames.length === 1 ? "a hive" : `${hiveNames.length} hives`} (${listed}). Move them to another location in Hives, or delete them first.`;
}

export async function deleteLocation(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "locations", "delete");
  const parsed = DeleteLocationSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  return platform.db.transaction(async (tx) => {
    const [current] = await tx.select(locationColumns).from(locations).where(eq(locations.id, id)).for("update");
    if (!current) return failed(404, GONE);
    // Assets point at their location (on delete restrict): say which, rather than fail.
    const held = await tx.select({ name: assets.name }).from(assets).where(eq(assets.locationId, id)).orderBy(asc(assets.name));
    if (held.length > 0) return failed(409, stillHasAssets(current.name, held.map((asset) => asset.name)));
    const kept = await tx.select({ name: hives.name }).from(hives).where(eq(hives.locationId, id)).orderBy(asc(hives.name));
    if (kept.length > 0) return failed(409, stillHasHives(current.name, kept.map((hive) => hive.name)));
    await tx.delete(locations).where(eq(locations.id, id));
    await recordChange(tx, actor, { module: "locations", action: "delete", recordId: id, before: fieldsOf(current), details: { label: current.name } }, meta);
    return succeeded(null, "Location deleted", current.name);
  });
}
