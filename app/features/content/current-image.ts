import type { ImageSources } from "~/platform/storage/image-sources";

/** The image a page or post has now, as its editor shows it: an upload (with its variants) or an address (the demo's). */
export type CurrentImage = { sources: ImageSources } | { src: string } | null;
