import { and, desc, eq, isNotNull } from "drizzle-orm";
import { isWellFormedSlug } from "./slug";
import type { Queryable } from "~/platform/db/client.server";
import { posts, postSlugRedirects } from "~/platform/db/schema";
import type { StoredImage, UrlOf } from "~/platform/storage/image-sources";
import { safeImageUrl, sanitizeContentHtml } from "./sanitize-html.server";

/**
 * A post's featured image as an address safe for src: an upload's variant at least `width` wide
 * (the largest when none is), else the stored address if it is a safe one.
 */
export function featuredImageUrl(storage: UrlOf, post: { featuredImage: string | null; featuredImageFile: StoredImage | null }, width = Infinity): string | null {
  const file = post.featuredImageFile;
  if (file) return storage.url((file.variants.find((variant) => variant.width >= width) ?? file.variants.at(-1)!).fallback);
  return safeImageUrl(post.featuredImage);
}

const teaserColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  featuredImage: posts.featuredImage,
  featuredImageFile: posts.featuredImageFile,
  publishedAt: posts.publishedAt,
};

const isPublic = and(eq(posts.published, true), isNotNull(posts.publishedAt));

/** Published posts, newest first (drafts are never public). */
export function listPublishedPosts(db: Queryable, { limit }: { limit?: number } = {}) {
  const query = db.select(teaserColumns).from(posts).where(isPublic).orderBy(desc(posts.publishedAt), desc(posts.createdAt));
  return limit === undefined ? query : query.limit(limit);
}

export type PublishedPost = {
  slug: string;
  title: string;
  excerpt: string | null;
  featuredImage: string | null;
  publishedAt: Date;
  updatedAt: Date;
  /** Sanitised on the server, ready to render. */
  html: string;
};

/** One published post by slug, its content sanitised; null for an unknown slug or a draft. */
export async function findPublishedPost(db: Queryable, slug: string, storage: UrlOf): Promise<PublishedPost | null> {
  if (!isWellFormedSlug(slug)) return null;
  const [row] = await db
    .select({
      slug: posts.slug,
      title: posts.title,
      excerpt: posts.excerpt,
      featuredImage: posts.featuredImage,
      featuredImageFile: posts.featuredImageFile,
      publishedAt: posts.publishedAt,
      updatedAt: posts.updatedAt,
      content: posts.content,
    })
    .from(posts)
    .where(and(isPublic, eq(posts.slug, slug)));
  if (!row || !row.publishedAt) return null;
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    featuredImage: featuredImageUrl(storage, row),
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
    html: sanitizeContentHtml(row.content),
  };
}

/** Slug and last change of every published post, newest first (for the sitemap). */
export function listPublishedPostDates(db: Queryable) {
  return db
    .select({ slug: posts.slug, updatedAt: posts.updatedAt })
    .from(posts)
    .where(isPublic)
    .orderBy(desc(posts.publishedAt), desc(posts.createdAt));
}

/**
 * Where a post that used to be at /blog/<slug> is now: its current slug while it is published,
 * else null (a draft's old address is as unknown as the draft).
 */
export async function findMovedPost(db: Queryable, slug: string): Promise<string | null> {
  if (!isWellFormedSlug(slug)) return null;
  const [row] = await db
    .select({ slug: posts.slug })
    .from(postSlugRedirects)
    .innerJoin(posts, eq(posts.id, postSlugRedirects.postId))
    .where(and(eq(postSlugRedirects.slug, slug), isPublic));
  return row?.slug ?? null;
}
