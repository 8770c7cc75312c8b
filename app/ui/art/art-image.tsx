import type { ComponentProps } from "react";
import { cn } from "~/ui/primitives/cn";

/**
 * The scenes of ./scenes.tsx as static SVG files (public/images/art, written by
 * scripts/generate-images.tsx): cached by the browser and no work for hydration.
 */
export const ART = {
  "hive-meadow": "Illustration of a row of beehives in a wildflower meadow, bees flying between them",
  "lake-dusk": "Illustration of our RV trailer on the lake shore at dusk, a campfire glowing under the firs",
  honeycomb: "Illustration of a frame of golden honeycomb with bees at work on it",
  arlington: "Illustration of farmland by the river in Arlington with a red barn and three hives",
  "eastern-hills": "Illustration of the golden rolling hills of Eastern Washington under a wide sky",
} as const;

export type ArtName = keyof typeof ART;
export const ART_SIZE = { width: 1200, height: 800 } as const;

export function artPath(name: ArtName) {
  return `/images/art/${name}.svg`;
}

type ArtImageProps = Omit<ComponentProps<"img">, "src" | "alt" | "width" | "height"> & {
  name: ArtName;
  /** Above the fold: load at once. Otherwise the image waits until it is near the viewport. */
  eager?: boolean;
  /** Fill the positioned parent as a backdrop instead of flowing at its own aspect ratio. */
  cover?: boolean;
  alt?: string;
};

export function ArtImage({ name, eager = false, cover = false, alt = ART[name], className, ...props }: ArtImageProps) {
  return (
    <img
      src={artPath(name)}
      alt={alt}
      width={ART_SIZE.width}
      height={ART_SIZE.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={cn(cover ? "absolute inset-0 h-full w-full object-cover" : "block h-auto w-full", className)}
      {...props}
    />
  );
}
