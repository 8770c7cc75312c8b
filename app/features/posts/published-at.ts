import type { Clock } from "~/platform/clock";

/**
 * The spec's publish rule: a post saved with Published on is published now, on the platform's
 * clock (every such save, so an edit of a published post dates it again); saved with it off, it
 * has no date and the public pages don't show it.
 */
export const publishedAtFor = (published: boolean, clock: Clock): Date | null => (published ? new Date(clock.now()) : null);
