import { failedAs, type Refusal } from "~/platform/result";
import type { Queryable } from "~/platform/db/client.server";
import { imageSources, type StoredImage, type UrlOf } from "~/platform/storage/image-sources";
import { UPLOAD_FAILED } from "./messages";
import type { CurrentImage } from "~/ui/editor/image-upload-field";
import { safeImageUrl } from "./sanitize-html.server";
import { claimUpload } from "./uploads.server";

/** A page's hero or a post's featured image: an upload, or an address (the demo's), or none. */
export type ImageState = { file: StoredImage | null; url: string | null };

/** What the editor sent: a file with the form (no JavaScript), an earlier upload's id, or "remove it". */
export type ImageChoice = { sent?: StoredImage; uploadId?: string; remove: boolean };

export const UPLOAD_GONE = "The uploaded image is no longer there (uploads wait a day for their page to be saved). Choose it again.";

/** The image after a save (claiming the upload inside the save's transaction), or the failure to show under `field`. */
export async function chooseImage(tx: Queryable, field: string, choice: ImageChoice, current: ImageState): Promise<ImageState | Refusal> {
  if (choice.sent) return { file: choice.sent, url: null };
  if (choice.uploadId) {
    const image = await claimUpload(tx, choice.uploadId);
    return image ? { file: image, url: null } : failedAs(UPLOAD_FAILED, 400, UPLOAD_GONE, { [field]: [UPLOAD_GONE] });
  }
  return choice.remove ? { file: null, url: null } : current;
}

/** The upload a save replaced or removed: its files go once the change is committed. */
export const replacedImage = (before: ImageState, after: ImageState): StoredImage[] => (before.file && before.file.id !== after.file?.id ? [before.file] : []);

/** How an image shows in the audit trail. */
export const imageLabel = (image: ImageState) => image.file?.id ?? image.url;

/** What an editor shows of the image a record has now: the upload's variants, or a safe address. */
export function currentImage(storage: UrlOf, image: ImageState): CurrentImage {
  if (image.file) return { sources: imageSources(storage, image.file) };
  const url = safeImageUrl(image.url);
  return url ? { src: url } : null;
}
