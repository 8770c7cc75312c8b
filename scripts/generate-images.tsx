/**
 * Renders the site's original illustrations (app/ui/art) to files: the page illustrations as SVG,
 * and with sharp the Stanwood gallery (WebP and PNG at two widths) and the 1200×630 sharing card.
 * The outputs are committed; run again after changing the art: `npx tsx scripts/generate-images.tsx`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { ART, artPath, type ArtName } from "../app/ui/art/art-image";
import { ArlingtonScene, EasternHillsScene, HoneycombScene, HiveMeadowScene, LakeDuskScene, PaddleScene, TrailScene } from "../app/ui/art/scenes";
import { GALLERY_SIZE, GALLERY_WIDTHS, STANWOOD_GALLERY, galleryImagePath } from "../app/ui/art/stanwood-gallery";

const publicDir = path.resolve(import.meta.dirname, "../public");

const scenes: Record<string, ComponentType<{ width?: number; height?: number }>> = {
  "lake-at-dusk": LakeDuskScene,
  "hive-meadow": HiveMeadowScene,
  "paddle-morning": PaddleScene,
  "forest-trail": TrailScene,
  "honey-frame": HoneycombScene,
};

function svgOf(Scene: ComponentType<{ width?: number; height?: number }>, width: number, height: number) {
  return Buffer.from(renderToStaticMarkup(<Scene width={width} height={height} />));
}

async function writeGallery() {
  mkdirSync(path.join(publicDir, "images/stanwood"), { recursive: true });
  for (const image of STANWOOD_GALLERY) {
    const Scene = scenes[image.slug];
    if (!Scene) throw new Error(`no scene for ${image.slug}`);
    for (const width of GALLERY_WIDTHS) {
      const height = Math.round((width * GALLERY_SIZE.height) / GALLERY_SIZE.width);
      const svg = svgOf(Scene, width, height);
      await sharp(svg).webp({ quality: 80, effort: 6 }).toFile(path.join(publicDir, galleryImagePath(image.slug, width, "webp")));
      await sharp(svg).png({ palette: true, quality: 85, effort: 10 }).toFile(path.join(publicDir, galleryImagePath(image.slug, width, "png")));
    }
  }
}

const artScenes: Record<ArtName, ComponentType<{ width?: number; height?: number }>> = {
  "hive-meadow": HiveMeadowScene,
  "lake-dusk": LakeDuskScene,
  honeycomb: HoneycombScene,
  arlington: ArlingtonScene,
  "eastern-hills": EasternHillsScene,
};

/** The page illustrations as SVG files (vector: sharp at any size, a few KB each). */
function writeArt() {
  mkdirSync(path.join(publicDir, "images/art"), { recursive: true });
  for (const name of Object.keys(ART) as ArtName[]) {
    writeFileSync(path.join(publicDir, artPath(name)), svgOf(artScenes[name], 1200, 800));
  }
}

/** The sharing card: the lake at dusk with the name and the promise over it. */
async function writeShareCard() {
  const background = await sharp(svgOf(LakeDuskScene, 1200, 800)).resize(1200, 630, { position: "top" }).png().toBuffer();
  const text = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <rect width="1200" height="630" fill="#0d1b12" fill-opacity="0.35"/>
    <rect x="60" y="60" width="640" height="300" rx="28" fill="#15291d" fill-opacity="0.82"/>
    <text x="100" y="150" font-family="Georgia, 'DejaVu Serif', serif" font-size="64" font-weight="700" fill="#fbf6ea">Apiary</text>
    <text x="100" y="222" font-family="Georgia, 'DejaVu Serif', serif" font-size="40" fill="#f7cd72">Save the bees, one hive</text>
    <text x="100" y="272" font-family="Georgia, 'DejaVu Serif', serif" font-size="40" fill="#f7cd72">at a time</text>
    <text x="100" y="325" font-family="'DejaVu Sans', Arial, sans-serif" font-size="24" fill="#c7d8cb">17 hives · 5.6 acres · Stanwood, WA</text>
  </svg>`);
  await sharp(background)
    .composite([{ input: text }])
    .png({ palette: true, quality: 90, effort: 10 })
    .toFile(path.join(publicDir, "og-card.png"));
  await sharp(path.join(publicDir, "og-card.png")).webp({ quality: 82 }).toFile(path.join(publicDir, "og-card.webp"));
}

writeArt();
await writeGallery();
await writeShareCard();
console.log("Images written to public/images/art, public/images/stanwood and public/og-card.png");
