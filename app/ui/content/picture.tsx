import type { ImageSources } from "~/platform/storage/image-sources";
import { cn } from "../primitives/cn";

/** An uploaded image: WebP where the browser takes it, the original kind otherwise, the width the layout needs. */
export function Picture({ image, alt, sizes, className }: { image: ImageSources; alt: string; sizes: string; className?: string }) {
  return (
    <picture>
      <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} />
      <img src={image.src} srcSet={image.srcSet} sizes={sizes} width={image.width} height={image.height} alt={alt} loading="lazy" decoding="async" className={cn("h-auto max-w-full", className)} />
    </picture>
  );
}
