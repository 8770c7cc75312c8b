import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import { assertCan } from "~/features/accounts/permissions";
import { failed, invalid, succeeded, type Result } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import { refuseDuplicate } from "~/features/back-office/duplicates.server";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { isRecordId } from "~/features/back-office/record-id";
import { containing } from "~/features/back-office/search";
import type { Queryable } from "~/platform/db/client.server";
import { assets, bookings, locations } from "~/platform/db/schema";
import { formatDay } from "~/platform/day-format";
import { CLOSED_STATUSES, type AssetStatusName } from "./asset-options";
import { AddAssetSchema, DeleteAssetSchema, EditAssetSchema } from "./assets.schema";

/** One asset in the back-office. */
export type AssetRow = {
  id: string;
  name: string;
  type: "rv" | "rental";
  locationId: string;
  locationName: string;
  status: AssetStatusName;
  checkInTime: string;
  checkOutTime: string;
  pricePerNight: string;
  description: string | null;
};

const assetColumns = {
  id: assets.id,
  name: assets.name,
  type: assets.type,
  locationId: assets.locationId,
  locationName: locations.name,
  status: assets.status,
  checkInTime: assets.checkInTime,
  checkOutTime: assets.checkOutTime,
  pricePerNight: assets.pricePerNight,
  description: assets.description,
};
const toAssetRow = (row: AssetRow): AssetRow => ({ ...row, checkInTime: row.checkInTime.slice(0, 5), checkOutTime: row.checkOutTime.slice(0, 5) });

const SORTS = { name: assets.name, location: locations.name, status: assets.status, price: assets.pricePerNight } as const;
export const ASSET_SORTS = Object.keys(SORTS);

function filtersOf(params: ListParams): SQL | undefined {
  return and(
    params.q ? or(ilike(assets.name, containing(params.q)), ilike(assets.description, containing(params.q))) : undefined,
    params.filters.status ? eq(assets.status, params.filters.status as AssetStatusName) : undefined,
    params.filters.location ? eq(assets.locationId, params.filters.location) : undefined,
  );
}

/** The assets with their location's name, ordered by name (the spec). */
export async function listAssets({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "assets", "view");
  const column = SORTS[params.sort as keyof typeof SORTS] ?? assets.name;
  const { rows, total } = await pagedList(
    platform.db,
    {
      select: () => platform.db.select(assetColumns).from(assets).innerJoin(locations, eq(locations.id, assets.locationId)),
      where: filtersOf(params),
      orderBy: [params.dir === "desc" ? desc(column) : asc(column), asc(assets.name), asc(assets.id)],
    },
    params,
    page,
  );
  return { rows: rows.map(toAssetRow), total };
}

export async function getAsset({ platform, actor }: BackOfficeContext, id: string): Promise<AssetRow | null> {
  assertCan(actor, "assets", "view");
  if (!isRecordId(id)) return null;
  const [row] = await platform.db.select(assetColumns).from(assets).innerJoin(locations, eq(locations.id, assets.locationId)).where(eq(assets.id, id));
  return row ? toAssetRow(row) : null;
}

/** The locations an asset can belong to, for the dialog's list and the list's filter. */
export async function listLocationChoices(db: Queryable) {
  return db.select({ id: locations.id, name: locations.name }).from(locations).orderBy(asc(locations.name));
}

const GONE = "This asset no longer exists.";
const NO_LOCATION = "That location no longer exists. Choose another.";
export const duplicateAssetName = (name: string) => `There is already an asset called "${name}" at this location. Choose another name.`;

/** The stays not yet over (pending or confirmed, leaving after today at the property) of an asset. */
async function staysAhead(tx: Queryable, assetId: string) {
  return tx
    .select({ guestName: bookings.guestName, checkIn: bookings.checkInDate, checkOut: bookings.checkOutDate })
    .from(bookings)
    .innerJoin(assets, eq(assets.id, bookings.assetId))
    .innerJoin(locations, eq(locations.id, assets.locationId))
    .where(and(eq(bookings.assetId, assetId), inArray(bookings.status, ["pending", "confirmed"]), sql`${bookings.checkOutDate} > (now() at time zone ${locations.timeZone})::date`))
    .orderBy(asc(bookings.checkInDate));
}

const stayList = (stays: readonly { guestName: string; checkIn: string; checkOut: string }[]) =>
  stays
    .slice(0, 5)
    .map((stay) => `${stay.guestName}, ${formatDay(stay.checkIn)} – ${formatDay(stay.checkOut)}`)
    .join("; ") + (stays.length > 5 ? `; and ${stays.length - 5} more` : "");

export const CONFIRM_CLOSING = "Tick to save anyway, or choose another status.";

/** Said before an asset with stays ahead is closed: the stays are not cancelled by it. */
export const closingWithStays = (status: string, stays: readonly { guestName: string; checkIn: string; checkOut: string }[]) =>
  `${stays.length === 1 ? "1 stay is" : `${stays.length} stays are`} booked ahead on this asset: ${stayList(stays)}. Marking it ${status} does not cancel ${stays.length === 1 ? "it" : "them"}: tick "Save anyway" to go on, then contact the guests.`;

const fieldsOf = (row: { name: string; type: string; locationId: string; status: string; checkInTime: string; checkOutTime: string; pricePerNight: string; description?: string | null }) => ({
  name: row.name,
  type: row.type,
  locationId: row.locationId,
  status: row.status,
  checkInTime: row.checkInTime.slice(0, 5),
  checkOutTime: row.checkOutTime.slice(0, 5),
  pricePerNight: Number(row.pricePerNight).toFixed(2),
  description: row.description ?? null,
});


export async function addAsset(ctx: BackOfficeContext, input: unknown): Promise<Result<{ id: string }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "assets", "create");
  const parsed = AddAssetSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { closeAnyway: _ignored, ...fields } = parsed.data;
  if (!isRecordId(fields.locationId)) return failed(400, NO_LOCATION, { locationId: [NO_LOCATION] });
  return refuseDuplicate("name", duplicateAssetName(fields.name), () =>
    platform.db.transaction(async (tx) => {
      const [location] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, fields.locationId)).for("share");
      if (!location) return failed(400, NO_LOCATION, { locationId: [NO_LOCATION] });
      const [row] = await tx.insert(assets).values(fields).returning({ id: assets.id });
      await recordChange(tx, actor, { module: "assets", action: "create", recordId: row!.id, after: fieldsOf(fields), details: { label: fields.name } }, meta);
      return succeeded({ id: row!.id }, "Asset added", fields.name);
    }),
  );
}

/**
 * Changes an asset. Closing it (maintenance, unavailable) while stays are booked ahead on it is
 * not done silently: the first attempt answers with those stays, and only "Save anyway" goes on.
 */
export async function updateAsset(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "assets", "update");
  const parsed = EditAssetSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, closeAnyway, ...fields } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  if (!isRecordId(fields.locationId)) return failed(400, NO_LOCATION, { locationId: [NO_LOCATION] });
  return refuseDuplicate("name", duplicateAssetName(fields.name), () =>
    platform.db.transaction(async (tx) => {
      const [current] = await tx.select(assetColumns).from(assets).innerJoin(locations, eq(locations.id, assets.locationId)).where(eq(assets.id, id)).for("update", { of: assets });
      if (!current) return failed(404, GONE);
      const [location] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, fields.locationId)).for("share");
      if (!location) return failed(400, NO_LOCATION, { locationId: [NO_LOCATION] });
      const closing = CLOSED_STATUSES.includes(fields.status) && !CLOSED_STATUSES.includes(current.status);
      if (closing && !closeAnyway) {
        const stays = await staysAhead(tx, id);
        if (stays.length > 0) {
          const message = closingWithStays(fields.status, stays);
          return failed(409, message, { closeAnyway: [CONFIRM_CLOSING] });
        }
      }
      await tx
        .update(assets)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(assets.id, id));
      await recordChange(tx, actor, { module: "assets", action: "update", recordId: id, before: fieldsOf(current), after: fieldsOf(fields), details: { label: fields.name } }, meta);
      return succeeded(null, "Asset updated", fields.name);
    }),
  );
}

export const stillHasBookings = (name: string, total: number) =>
  `${name} has ${total === 1 ? "a booking" : `${total} bookings`}, so it can't be deleted: their records would be lost. Mark it unavailable instead, and nobody can book it.`;

export async function deleteAsset(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "assets", "delete");
  const parsed = DeleteAssetSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  return platform.db.transaction(async (tx) => {
    const [current] = await tx.select(assetColumns).from(assets).innerJoin(locations, eq(locations.id, assets.locationId)).where(eq(assets.id, id)).for("update", { of: assets });
    if (!current) return failed(404, GONE);
    // Bookings point at their asset (on delete restrict): refuse with the way out.
    const [held] = await tx.select({ total: count() }).from(bookings).where(eq(bookings.assetId, id));
    if ((held?.total ?? 0) > 0) return failed(409, stillHasBookings(current.name, held!.total));
    await tx.delete(assets).where(eq(assets.id, id));
    await recordChange(tx, actor, { module: "assets", action: "delete", recordId: id, before: fieldsOf(current), details: { label: current.name } }, meta);
    return succeeded(null, "Asset deleted", current.name);
  });
}
