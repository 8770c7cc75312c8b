import { eq } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import { assertCan } from "~/features/accounts/permissions";
import { failed, invalid, succeeded, type Result } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import { refuseDuplicate } from "~/features/back-office/duplicates.server";
import { isRecordId } from "~/features/back-office/record-id";
import { assets, calendarImports } from "~/platform/db/schema";
import { newCalendarToken } from "./calendar-export.server";
import { syncImport, type Synced } from "./calendar-sync.server";
import { AddCalendarImportSchema, CalendarImportSchema, CalendarLinkSchema } from "./calendar-sync.schema";

/**
 * The Assets screen's calendar sync commands. Changing what an asset's calendar follows or
 * publishes is changing the asset: each asserts assets/update first.
 */
const ASSET_GONE = "This asset no longer exists.";
const FEED_GONE = "That calendar is no longer followed.";
export const duplicateFeed = "This asset already follows that calendar address.";

const syncToast = (name: string, outcome: Result<Synced>): Result<null> =>
  outcome.ok
    ? succeeded(null, `${name} calendar synced`, outcome.value.conflicts.length > 0 ? `${outcome.value.conflicts.length} of its events clash with bookings here: see the calendar's details.` : undefined)
    : failed(outcome.status, `${name}: ${outcome.message} The blocks from its last good sync are kept.`);

/** Follows another site's feed; it is fetched at once, so staff see straight away whether it works. */
export async function addCalendarImport(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "assets", "update");
  const parsed = AddCalendarImportSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { assetId, name, url } = parsed.data;
  if (!isRecordId(assetId)) return failed(404, ASSET_GONE);
  const added = await refuseDuplicate("url", duplicateFeed, () =>
    platform.db.transaction(async (tx) => {
      const [asset] = await tx.select({ name: assets.name }).from(assets).where(eq(assets.id, assetId)).for("share");
      if (!asset) return failed(404, ASSET_GONE);
      const [row] = await tx.insert(calendarImports).values({ assetId, name, url, lastAttemptAt: new Date() }).returning();
      await recordChange(tx, actor, { module: "assets", action: "update", recordId: assetId, after: { calendarImport: { name, url } }, details: { label: `${asset.name}: follows the ${name} calendar` } }, meta);
      return succeeded(row!, "");
    }),
  );
  if (!added.ok) return added;
  const outcome = await syncImport(platform, added.value);
  return outcome.ok ? succeeded(null, `${name} calendar added`, `${outcome.value.blocks} ${outcome.value.blocks === 1 ? "block" : "blocks"} from it.`) : syncToast(name, outcome);
}

export async function removeCalendarImport(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "assets", "update");
  const parsed = CalendarImportSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  if (!isRecordId(parsed.data.id)) return failed(404, FEED_GONE);
  return platform.db.transaction(async (tx) => {
    // Its blocks go with it (on delete cascade), and their nights are free again.
    const [gone] = await tx.delete(calendarImports).where(eq(calendarImports.id, parsed.data.id)).returning();
    if (!gone) return failed(404, FEED_GONE);
    await recordChange(tx, actor, { module: "assets", action: "update", recordId: gone.assetId, before: { calendarImport: { name: gone.name, url: gone.url } }, details: { label: `Stopped following the ${gone.name} calendar` } }, meta);
    return succeeded(null, `${gone.name} calendar removed`, "Its blocks are gone and their nights can be booked again.");
  });
}

export async function syncCalendarNow(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor } = ctx;
  assertCan(actor, "assets", "update");
  const parsed = CalendarImportSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  if (!isRecordId(parsed.data.id)) return failed(404, FEED_GONE);
  const [feed] = await platform.db.select().from(calendarImports).where(eq(calendarImports.id, parsed.data.id));
  if (!feed) return failed(404, FEED_GONE);
  return syncToast(feed.name, await syncImport(platform, feed));
}

/** Creates the asset's export link, or replaces it: the old address stops working at once. */
export async function newCalendarLink(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "assets", "update");
  const parsed = CalendarLinkSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  if (!isRecordId(parsed.data.assetId)) return failed(404, ASSET_GONE);
  return platform.db.transaction(async (tx) => {
    const [asset] = await tx.update(assets).set({ calendarToken: newCalendarToken() }).where(eq(assets.id, parsed.data.assetId)).returning({ name: assets.name });
    if (!asset) return failed(404, ASSET_GONE);
    // The token itself is a secret: the audit trail says only that the link changed.
    await recordChange(tx, actor, { module: "assets", action: "update", recordId: parsed.data.assetId, details: { label: `${asset.name}: new calendar link` } }, meta);
    return succeeded(null, "New calendar link", "Give the new address to the other sites: the old one no longer works.");
  });
}
