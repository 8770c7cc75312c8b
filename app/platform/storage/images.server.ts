import { failed, succeeded, type Result } from "../result";
import type { StoredImage } from "./image-sources";
import type { FileStorage } from "./storage.server";

export { imageSources, type ImageSources, type StoredImage } from "./image-sources";

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const WIDTHS = [480, 960, 1600] as const;
/** A decompression bomb (a tiny file of gigapixels) is refused before it is decoded. */
const MAX_PIXELS = 50_000_000;
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

export const UPLOAD_MESSAGES = {
  empty: "Choose an image file.",
  tooLarge: "The image is larger than 10 MB. Choose a smaller one.",
  notImage: "The file is not an image this site can show (JPEG, PNG, WebP, GIF or AVIF).",
  tooManyPixels: "The image has too many pixels (more than 50 megapixels). Choose a smaller one.",
} as const;

/** Checks the file by its content (not its name or the browser's word), re-encodes it and stores every variant. */
export async function storeImage(storage: FileStorage, file: Blob): Promise<Result<StoredImage>> {
  if (file.size === 0) return failed(400, UPLOAD_MESSAGES.empty);
  if (file.size > IMAGE_MAX_BYTES) return failed(400, UPLOAD_MESSAGES.tooLarge);
  const bytes = Buffer.from(await file.arrayBuffer());
  // Loaded with the first upload, not at start: sharp and libvips cost start time, and pages never need them.
  const { default: sharp } = await import("sharp");
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED.has(metadata.format) || !metadata.width || !metadata.height) return failed(400, UPLOAD_MESSAGES.notImage);
  if (metadata.width * metadata.height > MAX_PIXELS) return failed(400, UPLOAD_MESSAGES.tooManyPixels);

  // EXIF orientation 5–8 turns the picture a quarter: its width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  const png = metadata.hasAlpha === true;
  const widths = [...new Set([...WIDTHS.filter((w) => w < width), Math.min(width, WIDTHS.at(-1)!)])].sort((a, b) => a - b);
  const id = crypto.randomUUID();
  // First frame only (an animated GIF becomes a still), turned upright; sharp writes no metadata unless asked.
  const source = sharp(bytes, { limitInputPixels: MAX_PIXELS, pages: 1 }).rotate();
  try {
    const variants = await Promise.all(
      widths.map(async (w) => {
        const resized = source.clone().resize({ width: w, withoutEnlargement: true });
        const [webp, fallback] = await Promise.all([resized.clone().webp({ quality: 80 }).toBuffer(), png ? resized.clone().png({ compressionLevel: 9 }).toBuffer() : resized.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer()]);
        const keys = { webp: `images/${id}/${w}.webp`, fallback: `images/${id}/${w}.${png ? "png" : "jpg"}` };
        await Promise.all([storage.put(keys.webp, webp, "image/webp"), storage.put(keys.fallback, fallback, png ? "image/png" : "image/jpeg")]);
        return { width: w, ...keys };
      }),
    );
    const largest = variants.at(-1)!.width;
    return succeeded({ id, width: largest, height: Math.round((height * largest) / width), fallbackType: png ? "image/png" : "image/jpeg", variants });
  } catch {
    // A file whose header reads as an image but whose data does not.
    return failed(400, UPLOAD_MESSAGES.notImage);
  }
}

/** Removes every stored variant of an image (replaced or removed). */
export async function deleteImage(storage: FileStorage, image: StoredImage) {
  await Promise.all(image.variants.flatMap((variant) => [storage.delete(variant.webp), storage.delete(variant.fallback)]));
}

