import { UPLOAD_FAILED } from "~/features/content/messages";
import type { Platform } from "~/platform/runtime.server";
import { deleteImage, storeImage, type StoredImage } from "~/platform/storage/images.server";
import { failedAs, type Result } from "~/platform/result";

/** The spec's "Upload failed", with the reason, under the field. */
const uploadFailed = (field: string, reason: string) => failedAs(UPLOAD_FAILED, 400, reason, { [field]: [reason] });

/**
 * Stores the uploaded images before the write (an image is processed outside any transaction),
 * runs the write, and removes what it replaced once committed — or what it stored, if the write
 * did not happen.
 */
export async function withImages<T>(platform: Pick<Platform, "storage" | "logger">, files: File[], field: string, write: (images: StoredImage[]) => Promise<{ result: Result<T>; replaced?: StoredImage[] }>): Promise<Result<T>> {
  const images: StoredImage[] = [];
  for (const file of files) {
    const outcome = await storeImage(platform.storage, file);
    if (!outcome.ok) {
      await Promise.all(images.map((image) => deleteImage(platform.storage, image)));
      return uploadFailed(field, outcome.message);
    }
    images.push(outcome.value);
  }
  const cleanUp = (unused: StoredImage[]) => Promise.all(unused.map((image) => deleteImage(platform.storage, image))).catch((error: unknown) => platform.logger.warn({ err: error }, "unused images not removed"));
  try {
    const { result, replaced = [] } = await write(images);
    await cleanUp(result.ok ? replaced : images);
    return result;
  } catch (error) {
    await cleanUp(images);
    throw error;
  }
}
