import { hasContactEmail } from "~/features/accounts/no-email";
import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import { assertCan } from "~/features/accounts/permissions";
import { failed, invalid, succeeded, type Result, isFailure, type Refusal } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import { refuseDuplicate } from "~/features/back-office/duplicates.server";
import { withImages } from "~/features/back-office/with-images.server";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { isRecordId } from "~/features/back-office/record-id";
import { containing } from "~/features/back-office/search";
import { adoptionHoldsPlace, holdsPlaceIn } from "~/features/adoptions/tier-places.server";
import type { Queryable } from "~/platform/db/client.server";
import { hiveAdoptions, hives, hiveTiers, hiveUpdates, locations, sponsors } from "~/platform/db/schema";
import { enqueueTemplate } from "~/platform/mail/outbox.server";
import { plural } from "~/platform/plural";
import type { Platform } from "~/platform/runtime.server";
import type { StoredImage } from "~/platform/storage/images.server";
import { FEWEST_ADOPTIONS, type HiveStatusName } from "./hive-options";
import { unsubscribePath, unsubscribeToken } from "./hive-update-emails.server";
import { dueAnUpdate } from "./update-due.server";
import { AddHiveSchema, DeleteHiveSchema, EditHiveSchema, PostHiveUpdateSchema } from "./hives.schema";

/** One hive of the registry, with its adoptions holding a place (pending or active) and its updates. */
export type HiveRow = {
  id: string;
  name: string;
  locationId: string;
  locationName: string;
  status: HiveStatusName;
  installedOn: string | null;
  notes: string | null;
  statusReason: string | null;
  photo: StoredImage | null;
  adoptions: number;
  updates: number;
};

// Written out: inside a select, Drizzle leaves column names unqualified.
const adoptionsOf = sql<number>`(select count(*)::int from hive_adoptions a where a.hive_id = hives.id and ${holdsPlaceIn("a")})`;
const updatesOf = sql<number>`(select count(*)::int from hive_updates u where u.hive_id = hives.id)`;
const hiveColumns = {
  id: hives.id,
  name: hives.name,
  locationId: hives.locationId,
  locationName: locations.name,
  status: hives.status,
  installedOn: hives.installedOn,
  notes: hives.notes,
  statusReason: hives.statusReason,
  photo: hives.photo,
  adoptions: adoptionsOf,
  updates: updatesOf,
};

const SORTS = { name: hives.name, location: locations.name, status: hives.status, installed: hives.installedOn, adoptions: adoptionsOf } as const;

const filtersOf = (params: ListParams, now: Date): SQL | undefined =>
  and(
    params.q ? ilike(hives.name, containing(params.q)) : undefined,
    params.filters.status ? eq(hives.status, params.filters.status as HiveStatusName) : undefined,
    params.filters.location ? eq(hives.locationId, params.filters.location) : undefined,
    params.filters.update === "due" ? dueAnUpdate(now) : undefined,
  );

export async function listHives({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "hives", "view");
  const column = SORTS[params.sort as keyof typeof SORTS] ?? hives.name;
  return pagedList(
    platform.db,
    {
      select: () => platform.db.select(hiveColumns).from(hives).innerJoin(locations, eq(locations.id, hives.locationId)),
      where: filtersOf(params, new Date(platform.clock.now())),
      orderBy: [params.dir === "desc" ? desc(column) : asc(column), asc(hives.name)],
    },
    params,
    page,
  );
}

export async function getHive({ platform, actor }: BackOfficeContext, id: string): Promise<HiveRow | null> {
  assertCan(actor, "hives", "view");
  if (!isRecordId(id)) return null;
  const [row] = await platform.db.select(hiveColumns).from(hives).innerJoin(locations, eq(locations.id, hives.locationId)).where(eq(hives.id, id));
  return row ?? null;
}

/** Every hive with its location and status: the adoption dialog's choices, and where a failed hive's sponsors may go. */
export async function listHiveChoices(db: Queryable) {
  return db
    .select({ id: hives.id, name: hives.name, locationId: hives.locationId, locationName: locations.name, status: hives.status, adoptions: adoptionsOf })
    .from(hives)
    .innerJoin(locations, eq(locations.id, hives.locationId))
    .orderBy(asc(locations.name), asc(hives.name));
}

export type HiveUpdateRow = { id: string; body: string; photos: StoredImage[]; createdAt: string };

/** A hive's updates, newest first. */
export async function listHiveUpdates({ platform, actor }: BackOfficeContext, hiveId: string): Promise<HiveUpdateRow[]> {
  assertCan(actor, "hives", "view");
  if (!isRecordId(hiveId)) return [];
  const rows = await platform.db.select({ id: hiveUpdates.id, body: hiveUpdates.body, photos: hiveUpdates.photos, createdAt: hiveUpdates.createdAt }).from(hiveUpdates).where(eq(hiveUpdates.hiveId, hiveId)).orderBy(desc(hiveUpdates.createdAt)).limit(50);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

const GONE = "This hive no longer exists.";
export const duplicateHiveName = (name: string) => `There is already a hive called "${name}". Choose another name.`;
export const LOCATION_GONE = "That location no longer exists. Choose another.";
export const hiveInUse = (name: string, adoptions: number) =>
  `${name} has ${adoptions === 1 ? "an adoption" : `${adoptions} adoptions`}, so it cannot be deleted. Mark it retired or failed instead: its sponsors move to another hive.`;
export const noHiveToMoveTo = (location: string, adoptions: number) =>
  `There is no other active hive at ${location} for its ${adoptions === 1 ? "adoption" : `${adoptions} adoptions`}. Add one first, then change this hive's status.`;
export const WRONG_TARGET = "Choose an active hive at the same location.";

const fieldsOf = (row: { name: string; locationId: string; status: HiveStatusName; installedOn: string | null; notes: string | null; statusReason: string | null }) => ({
  name: row.name,
  locationId: row.locationId,
  status: row.status,
  installedOn: row.installedOn,
  notes: row.notes,
  statusReason: row.statusReason,
});

async function locationName(tx: Queryable, locationId: string) {
  if (!isRecordId(locationId)) return null;
  const [row] = await tx.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
  return row?.name ?? null;
}

export async function addHive(ctx: BackOfficeContext, input: unknown): Promise<Result<{ id: string }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "hives", "create");
  const parsed = AddHiveSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { moveTo: _moveTo, photo, removePhoto: _remove, ...values } = parsed.data;
  return withImages(platform, photo ? [photo] : [], "photo", async ([image]) => ({
    result: await refuseDuplicate("name", duplicateHiveName(values.name), () =>
      platform.db.transaction(async (tx) => {
        if (!(await locationName(tx, values.locationId))) return failed(400, LOCATION_GONE, { locationId: [LOCATION_GONE] });
        const [row] = await tx
          .insert(hives)
          .values({ ...values, photo: image ?? null })
          .returning({ id: hives.id });
        await recordChange(tx, actor, { module: "hives", action: "create", recordId: row!.id, after: { ...fieldsOf(values), photo: image?.id ?? null }, details: { label: values.name } }, meta);
        return succeeded({ id: row!.id }, "Hive added", values.name);
      }),
    ),
  }));
}

type Move = { hiveId: string; hiveName: string; locationName: string; reason: string };

/**
 * The failed-hive rule (the adoption page's promise): a hive that stops being active hands its
 * pending and active adoptions to another active hive at the same location, at the same tier
 * (staff choose it, or the one with the fewest adoptions); each move is in the audit trail and
 * each sponsor is told why.
 */
async function moveAdoptions(tx: Queryable, ctx: BackOfficeContext, from: Move, moveTo: string | undefined, locationId: string): Promise<Refusal | { moved: number; to: string | null }> {
  const held = await tx
    .select({ id: hiveAdoptions.id, email: hiveAdoptions.email, hiveName: hiveAdoptions.hiveName, status: hiveAdoptions.status, tierName: hiveTiers.name })
    .from(hiveAdoptions)
    .innerJoin(hiveTiers, eq(hiveTiers.id, hiveAdoptions.tierId))
    .where(and(eq(hiveAdoptions.hiveId, from.hiveId), adoptionHoldsPlace))
    .for("update", { of: hiveAdoptions });
  if (held.length === 0) return { moved: 0, to: null };
  const candidates = await tx
    .select({ id: hives.id, name: hives.name, adoptions: adoptionsOf })
    .from(hives)
    .where(and(eq(hives.locationId, locationId), eq(hives.status, "active"), ne(hives.id, from.hiveId)))
    .orderBy(asc(adoptionsOf), asc(hives.name))
    .for("update");
  const target = !moveTo || moveTo === FEWEST_ADOPTIONS ? candidates[0] : candidates.find((candidate) => candidate.id === moveTo);
  if (!target) {
    const message = candidates.length === 0 ? noHiveToMoveTo(from.locationName, held.length) : WRONG_TARGET;
    return failed(409, message, { moveTo: [message] });
  }
  await tx
    .update(hiveAdoptions)
    .set({ hiveId: target.id, updatedAt: new Date() })
    .where(inArray(hiveAdoptions.id, held.map((adoption) => adoption.id)));
  const profileUrl = `${ctx.platform.env.APP_URL}/sponsor-profile?tab=adoptions`;
  for (const adoption of held) {
    await recordChange(
      tx,
      ctx.actor,
      { module: "hive_adoptions", action: "update", recordId: adoption.id, before: { hiveId: from.hiveId }, after: { hiveId: target.id }, details: { label: `${adoption.email}, moved from ${from.hiveName} to ${target.name}`, reason: from.reason } },
      ctx.meta,
    );
    if (hasContactEmail(adoption.email)) await enqueueTemplate(
      tx,
      "hive-moved",
      { tierName: adoption.tierName, sponsorHiveName: adoption.hiveName, fromHive: from.hiveName, toHive: target.name, location: from.locationName, reason: from.reason, profileUrl },
      { to: adoption.email, idempotencyKey: `hive-moved:${adoption.id}:${from.hiveId}:${target.id}:${crypto.randomUUID()}` },
    );
  }
  return { moved: held.length, to: target.name };
}


export async function updateHive(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "hives", "update");
  const parsed = EditHiveSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, moveTo, photo, removePhoto, ...values } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  let replaced: StoredImage[] = [];
  return withImages(platform, photo ? [photo] : [], "photo", async ([image]) => {
    const result = await refuseDuplicate("name", duplicateHiveName(values.name), () =>
    platform.db.transaction(async (tx) => {
      const [current] = await tx.select().from(hives).where(eq(hives.id, id)).for("update");
      if (!current) return failed(404, GONE);
      const place = await locationName(tx, values.locationId);
      if (!place) return failed(400, LOCATION_GONE, { locationId: [LOCATION_GONE] });
      const nextPhoto = image ?? (removePhoto ? null : current.photo);
      const before = { ...fieldsOf(current), photo: current.photo?.id ?? null };
      const after = { ...fieldsOf(values), photo: nextPhoto?.id ?? null };
      if (JSON.stringify(before) === JSON.stringify(after)) return succeeded(null, "No changes to save", current.name);
      let moved: { moved: number; to: string | null } = { moved: 0, to: null };
      if (values.status !== "active" && current.status === "active") {
        const reason = values.statusReason ?? (values.status === "retired" ? `${values.name} was retired.` : `${values.name} failed.`);
        const outcome = await moveAdoptions(tx, ctx, { hiveId: id, hiveName: current.name, locationName: place, reason }, moveTo, values.locationId);
        if (isFailure(outcome)) return outcome;
        moved = outcome;
      }
      await tx
        .update(hives)
        .set({ ...values, photo: nextPhoto, updatedAt: new Date() })
        .where(eq(hives.id, id));
      if (current.photo && current.photo.id !== nextPhoto?.id) replaced = [current.photo];
      await recordChange(tx, actor, { module: "hives", action: "update", recordId: id, before, after, details: { label: values.name, ...(moved.moved ? { adoptionsMoved: moved.moved, movedTo: moved.to } : {}) } }, meta);
      const told = moved.moved ? ` ${moved.moved === 1 ? "Its adoption moved" : `Its ${moved.moved} adoptions moved`} to ${moved.to}; the ${moved.moved === 1 ? "sponsor was" : "sponsors were"} told.` : "";
      return succeeded(null, "Hive updated", `${values.name}.${told}`);
    }),
    );
    // Read after the write: the photo it replaced, removed once the change is committed.
    return { result, replaced };
  });
}

export async function deleteHive(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "hives", "delete");
  const parsed = DeleteHiveSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id } = parsed.data;
  if (!isRecordId(id)) return failed(404, GONE);
  let removed: StoredImage[] = [];
  return withImages(platform, [], "photo", async () => {
    const result = await platform.db.transaction(async (tx) => {
      const [current] = await tx.select().from(hives).where(eq(hives.id, id)).for("update");
      if (!current) return failed(404, GONE);
      const [used] = await tx.select({ n: count() }).from(hiveAdoptions).where(eq(hiveAdoptions.hiveId, id));
      if (Number(used?.n ?? 0) > 0) return failed(409, hiveInUse(current.name, Number(used!.n)));
      const posted = await tx.select({ photos: hiveUpdates.photos }).from(hiveUpdates).where(eq(hiveUpdates.hiveId, id));
      removed = [...(current.photo ? [current.photo] : []), ...posted.flatMap((update) => update.photos)];
      await tx.delete(hives).where(eq(hives.id, id));
      await recordChange(tx, actor, { module: "hives", action: "delete", recordId: id, before: fieldsOf(current), details: { label: current.name } }, meta);
      return succeeded(null, "Hive deleted", current.name);
    });
    return { result, replaced: removed };
  });
}

/**
 * Posts an update to a hive: its sponsors (active adoptions) see it in My Adoptions and get it by
 * e-mail, one each, with a link that stops these e-mails without signing in.
 */
export async function postHiveUpdate(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "hives", "update");
  const parsed = PostHiveUpdateSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { hiveId, body, photos } = parsed.data;
  if (!isRecordId(hiveId)) return failed(404, GONE);
  return withImages(platform, photos, "photos", async (images) => ({
    result: await platform.db.transaction(async (tx) => {
      const [hive] = await tx.select({ name: hives.name }).from(hives).where(eq(hives.id, hiveId));
      if (!hive) return failed(404, GONE);
      const [row] = await tx.insert(hiveUpdates).values({ hiveId, body, photos: images, postedBy: actor.userId }).returning({ id: hiveUpdates.id });
      const sent = await mailSponsors(tx, platform, { id: row!.id, hiveId, hiveName: hive.name, body, photos: images.length });
      await recordChange(tx, actor, { module: "hives", action: "update", recordId: hiveId, after: { update: row!.id, photos: images.map((image) => image.id) }, details: { label: hive.name, updatePosted: body.slice(0, 120), sponsorsEmailed: sent } }, meta);
      return succeeded(null, "Update posted", sent === 0 ? `${hive.name}: no sponsor to e-mail.` : `${hive.name}: e-mailed to ${plural(sent, "sponsor")}.`);
    }),
  }));
}

async function mailSponsors(tx: Queryable, platform: Pick<Platform, "env" | "authSecret">, update: { id: string; hiveId: string; hiveName: string; body: string; photos: number }) {
  const recipients = await tx
    .selectDistinctOn([hiveAdoptions.userId], { userId: hiveAdoptions.userId, email: hiveAdoptions.email, hiveName: hiveAdoptions.hiveName })
    .from(hiveAdoptions)
    .leftJoin(sponsors, eq(sponsors.userId, hiveAdoptions.userId))
    .where(and(eq(hiveAdoptions.hiveId, update.hiveId), eq(hiveAdoptions.status, "active"), sql`coalesce(${sponsors.hiveUpdateEmails}, true)`))
    .orderBy(hiveAdoptions.userId, desc(hiveAdoptions.createdAt));
  const appUrl = platform.env.APP_URL;
  for (const sponsor of recipients) {
    if (!hasContactEmail(sponsor.email)) continue;
    await enqueueTemplate(
      tx,
      "hive-update",
      { hiveName: sponsor.hiveName || update.hiveName, body: update.body, photos: update.photos, profileUrl: `${appUrl}/sponsor-profile?tab=adoptions`, unsubscribeUrl: `${appUrl}${unsubscribePath(unsubscribeToken(sponsor.userId, platform.authSecret))}` },
      { to: sponsor.email, idempotencyKey: `hive-update:${update.id}:${sponsor.userId}` },
    );
  }
  return recipients.length;
}
