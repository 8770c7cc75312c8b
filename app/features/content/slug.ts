/** The shape of every page and post slug: lower-case words joined by single hyphens. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A slug that could name a page or a post; anything else (a NUL, a dot, an upper-case letter) is no such page. */
export function isWellFormedSlug(slug: string) {
  return SLUG.test(slug);
}
