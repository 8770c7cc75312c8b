/** The shape of a stored image and its addresses: no server code, so pages and components can use it. */
/**
 * An uploaded image, as the site keeps it: re-encoded (metadata such as GPS position stripped)
 * in a few widths for `srcset`, each as WebP and in the original's kind (JPEG, or PNG when it
 * has transparency), under server-chosen random keys. The record keeps keys, not addresses, so
 * files can move to another storage or behind a CDN.
 */
export type StoredImage = {
  id: string;
  /** The largest variant's size: the aspect ratio a page reserves. */
  width: number;
  height: number;
  fallbackType: "image/jpeg" | "image/png";
  variants: { width: number; webp: string; fallback: string }[];
};

/** Where stored files are served from: the platform storage's url(), all a page needs of it. */
export type UrlOf = { url(key: string): string };

/** What a <picture> needs: the WebP srcset, the fallback srcset and src, and the size to reserve. */
export type ImageSources = { webpSrcSet: string; srcSet: string; src: string; width: number; height: number; type: StoredImage["fallbackType"] };

export function imageSources(storage: UrlOf, image: StoredImage): ImageSources {
  const set = (pick: "webp" | "fallback") => image.variants.map((variant) => `${storage.url(variant[pick])} ${variant.width}w`).join(", ");
  return { webpSrcSet: set("webp"), srcSet: set("fallback"), src: storage.url(image.variants.at(-1)!.fallback), width: image.width, height: image.height, type: image.fallbackType };
}
