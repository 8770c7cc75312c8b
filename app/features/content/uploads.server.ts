import { eq, inArray, lt, sql } from "drizzle-orm";
import { can, forbiddenMessage } from "~/features/accounts/permissions";
import { failedAs, succeeded, type Result } from "~/platform/result";
import type { BackOfficeContext } from "~/features/back-office/context";
import { isRecordId } from "~/features/back-office/record-id";
import type { Queryable } from "~/platform/db/client.server";
import { uploads } from "~/platform/db/schema";
import { IntervalWorker } from "~/platform/interval-worker.server";
import type { Platform } from "~/platform/runtime.server";
import { deleteImage, imageSources, storeImage, type ImageSources, type StoredImage } from "~/platform/storage/images.server";
import { CHOOSE_AN_IMAGE, SAY_WHICH_MODULE, UPLOAD_FAILED } from "./messages";
import { isUploadModule } from "./upload-modules";

/** How long an upload waits for the page or post it was made for to be saved. */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60_000;

export type UploadedImage = {
  /** What the editor's form sends back to claim it. */
  id: string;
  /** The address for the text editor's <img> (the largest variant, in the original's kind). */
  url: string;
  sources: ImageSources;
};

/** Where an image is shown from: the largest variant in the original's kind (every browser shows it). */
export const imageUrl = (storage: Platform["storage"], image: StoredImage) => storage.url(image.variants.at(-1)!.fallback);

/**
 * An image uploaded from the page or post editor (`module`, pages or posts), before the page or
 * post is saved: checked and re-encoded like every upload, kept as an unclaimed upload until a
 * save claims it. Anyone who may add or change the module's records may upload for it; everyone
 * else is refused (403) like any other failure, in the editor's own answer.
 */
export async function uploadEditorImage(ctx: BackOfficeContext, module: unknown, file: unknown): Promise<Result<UploadedImage>> {
  const { platform, actor } = ctx;
  if (!isUploadModule(module)) return failedAs(UPLOAD_FAILED, 400, SAY_WHICH_MODULE);
  if (!can(actor, module, "create") && !can(actor, module, "update")) return failedAs(UPLOAD_FAILED, 403, forbiddenMessage(module, "update"));
  if (!(file instanceof Blob)) return failedAs(UPLOAD_FAILED, 400, CHOOSE_AN_IMAGE, { file: [CHOOSE_AN_IMAGE] });
  const outcome = await storeImage(platform.storage, file);
  if (!outcome.ok) return failedAs(UPLOAD_FAILED, 400, outcome.message, { file: [outcome.message] });
  const [row] = await platform.db
    .insert(uploads)
    .values({ image: outcome.value, uploadedBy: actor.kind === "staff" ? actor.userId : null })
    .returning({ id: uploads.id });
  return succeeded({ id: row!.id, url: imageUrl(platform.storage, outcome.value), sources: imageSources(platform.storage, outcome.value) }, "Image uploaded");
}

/** An unclaimed upload's image, for a preview; null when the id names none. */
export async function findUpload(db: Queryable, id: string): Promise<StoredImage | null> {
  if (!isRecordId(id)) return null;
  const [row] = await db.select({ image: uploads.image }).from(uploads).where(eq(uploads.id, id));
  return row?.image ?? null;
}

/** Takes an upload for the record being saved (inside its transaction): null when it is gone. */
export async function claimUpload(tx: Queryable, id: string): Promise<StoredImage | null> {
  if (!isRecordId(id)) return null;
  const [row] = await tx.delete(uploads).where(eq(uploads.id, id)).returning({ image: uploads.image });
  return row?.image ?? null;
}

const IMAGE_IN_HTML = /\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//g;

/**
 * Claims the uploads that saved HTML shows (images put into the text): they stay for good, as
 * text may be copied between pages and posts; the rest of a session's uploads are swept.
 */
export async function claimUploadsShownIn(tx: Queryable, html: readonly string[]) {
  const imageIds = new Set(html.flatMap((text) => [...text.matchAll(IMAGE_IN_HTML)].map((match) => match[1]!)));
  if (imageIds.size === 0) return;
  await tx.delete(uploads).where(inArray(sql`${uploads.image}->>'id'`, [...imageIds]));
}

/** Removes uploads no save claimed within the day, with their files. */
export async function sweepUnclaimedUploads(platform: Pick<Platform, "db" | "storage" | "logger">, now = new Date()) {
  const stale = await platform.db
    .delete(uploads)
    .where(lt(uploads.createdAt, new Date(now.getTime() - UNCLAIMED_UPLOAD_TTL_MS)))
    .returning({ image: uploads.image });
  for (const { image } of stale) {
    await deleteImage(platform.storage, image).catch((error: unknown) => platform.logger.warn({ err: error, image: image.id }, "unclaimed upload not removed"));
  }
  return stale.length;
}

export class UploadSweepWorker extends IntervalWorker {
  constructor(platform: Pick<Platform, "db" | "storage" | "logger">, everyMs = 60 * 60_000) {
    super("upload sweep", () => sweepUnclaimedUploads(platform), everyMs, platform.logger);
  }
}
