import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../../../tests/setup/s3-server";
import { deleteImage, imageSources, storeImage, UPLOAD_MESSAGES } from "./images.server";
import { localStorage, s3Storage, type FileStorage } from "./storage.server";

/** A photo as a phone takes it: JPEG, sideways (EXIF orientation 6), with a GPS position and a camera name. */
async function phonePhoto(width = 2400, height = 1600) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 150, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: "BeeCam", Model: "Hive 1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 14/1 0/1" } } })
    .toBuffer();
  return new Blob([bytes], { type: "image/jpeg" });
}

describe("uploaded images on local disk", () => {
  let dir: string;
  let storage: FileStorage;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "apiary-uploads-test-"));
    storage = localStorage(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("are re-encoded upright, without their metadata, in three widths as WebP and JPEG under random names", async () => {
    const outcome = await storeImage(storage, await phonePhoto());
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const image = outcome.value;
    // Turned upright: 1600 × 2400 (portrait), largest variant 1600 wide.
    expect(image).toMatchObject({ width: 1600, height: 2400, fallbackType: "image/jpeg" });
    expect(image.variants.map((variant) => variant.width)).toEqual([480, 960, 1600]);
    for (const variant of image.variants) {
      expect(variant.webp).toMatch(new RegExp(`^images/${image.id}/${variant.width}\\.webp$`));
      const webp = await sharp(readFileSync(path.join(dir, variant.webp))).metadata();
      expect(webp).toMatchObject({ format: "webp", width: variant.width });
      const jpeg = await sharp(readFileSync(path.join(dir, variant.fallback))).metadata();
      expect(jpeg.format).toBe("jpeg");
      expect(jpeg.exif).toBeUndefined();
      expect(jpeg.orientation).toBeUndefined();
    }
    expect(imageSources(storage, image)).toEqual({
      webpSrcSet: image.variants.map((variant) => `/uploads/${variant.webp} ${variant.width}w`).join(", "),
      srcSet: image.variants.map((variant) => `/uploads/${variant.fallback} ${variant.width}w`).join(", "),
      src: `/uploads/images/${image.id}/1600.jpg`,
      width: 1600,
      height: 2400,
      type: "image/jpeg",
    });
    await deleteImage(storage, image);
    expect(image.variants.some((variant) => existsSync(path.join(dir, variant.webp)) || existsSync(path.join(dir, variant.fallback)))).toBe(false);
  });

  it("keep transparency as PNG, and are never enlarged", async () => {
    const logo = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const outcome = await storeImage(storage, new Blob([logo]));
    expect(outcome).toMatchObject({ ok: true, value: { width: 300, height: 200, fallbackType: "image/png", variants: [{ width: 300 }] } });
  });

  it("are judged by their content: a text file named .jpg, an SVG, an empty file, 10 MB and more, or a pixel bomb are refused", async () => {
    expect(await storeImage(storage, new Blob(["not an image at all"], { type: "image/jpeg" }))).toEqual({ ok: false, status: 400, message: UPLOAD_MESSAGES.notImage });
    expect(await storeImage(storage, new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'], { type: "image/png" }))).toEqual({ ok: false, status: 400, message: UPLOAD_MESSAGES.notImage });
    expect(await storeImage(storage, new Blob([]))).toEqual({ ok: false, status: 400, message: UPLOAD_MESSAGES.empty });
    expect(await storeImage(storage, new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]))).toEqual({ ok: false, status: 400, message: UPLOAD_MESSAGES.tooLarge });
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: "white" } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.byteLength).toBeLessThan(10 * 1024 * 1024);
    expect(await storeImage(storage, new Blob([bomb]))).toEqual({ ok: false, status: 400, message: UPLOAD_MESSAGES.tooManyPixels });
  });
});

describe("uploaded images in an S3-compatible bucket", () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.stop());

  it("are stored through the S3 API and served from the bucket's public address, with a year of caching", async () => {
    const storage = s3Storage(s3.settings);
    const outcome = await storeImage(storage, await phonePhoto(1000, 800));
    if (!outcome.ok) throw new Error(outcome.message);
    const { src, webpSrcSet } = imageSources(storage, outcome.value);
    expect(src.startsWith(`${s3.settings.publicUrl}/images/${outcome.value.id}/`)).toBe(true);
    const response = await fetch(src);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(800);
    const webp = await fetch(webpSrcSet.split(" ")[0]!);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    await deleteImage(storage, outcome.value);
    expect((await fetch(src)).status).toBe(404);
  });
});
