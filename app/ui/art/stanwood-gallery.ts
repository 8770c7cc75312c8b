/**
 * The Stanwood gallery: original illustrations rendered to WebP and PNG by
 * scripts/generate-images.ts (public/images/stanwood/<slug>-<width>.<ext>).
 */
export const GALLERY_WIDTHS = [480, 960] as const;
export const GALLERY_SIZE = { width: 960, height: 640 } as const;

export type GalleryImage = { slug: string; alt: string; caption: string };

export const STANWOOD_GALLERY: readonly GalleryImage[] = [
  {
    slug: "lake-at-dusk",
    alt: "Illustration of our vintage RV trailer on the lake shore at dusk, its windows lit, a campfire glowing under the firs",
    caption: "The RV trailer on the lake shore at dusk",
  },
  {
    slug: "hive-meadow",
    alt: "Illustration of a row of five beehives in a meadow of clover and lupine, bees flying between them",
    caption: "Our hive yard in the wildflower meadow",
  },
  {
    slug: "paddle-morning",
    alt: "Illustration of a paddle boarder gliding across the misty lake in the early morning, firs on the far shore",
    caption: "Paddle boarding on a still morning",
  },
  {
    slug: "forest-trail",
    alt: "Illustration of a dirt trail winding between tall firs toward a snow-capped peak",
    caption: "The trail through the firs",
  },
  {
    slug: "honey-frame",
    alt: "Illustration of a frame of golden capped honeycomb with three bees at work on it",
    caption: "A frame of capped honey from a tour",
  },
];

export function galleryImagePath(slug: string, width: number, ext: "webp" | "png") {
  return `/images/stanwood/${slug}-${width}.${ext}`;
}
