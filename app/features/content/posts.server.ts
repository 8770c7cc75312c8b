import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { posts } from "~/platform/db/schema";

const teaserColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  featuredImage: posts.featuredImage,
  publishedAt: posts.publishedAt,
};

const isPublic = and(eq(posts.published, true), isNotNull(posts.publishedAt));

/** Published posts, newest first (drafts are never public). */
export function listPublishedPosts(db: Queryable, { limit }: { limit?: number } = {}) {
  const query = db.select(teaserColumns).from(posts).where(isPublic).orderBy(desc(posts.publishedAt), desc(posts.createdAt));
  return limit === undefined ? query : query.limit(limit);
}
