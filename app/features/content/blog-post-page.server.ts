import { failed, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { publishDate } from "./publish-date";
import { findMovedPost, findPublishedPost } from "./public-posts.server";

/** A post's page: what it shows and its schema.org description; or, for a renamed post, its new slug. */
export type BlogPostPage =
  | { post: { slug: string; title: string; excerpt: string | null; image: string | null; html: string; date: ReturnType<typeof publishDate> }; jsonLd: string }
  | { movedTo: string };

/**
 * /blog/:slug. A published post renamed since keeps its old address, pointing to the new one;
 * a draft answers exactly like a post that does not exist (404).
 */
export async function blogPostPage({ db, env, storage }: Pick<Platform, "db" | "env" | "storage">, slug: string): Promise<Result<BlogPostPage>> {
  const post = await findPublishedPost(db, slug, storage);
  if (!post) {
    const moved = await findMovedPost(db, slug);
    return moved ? succeeded({ movedTo: moved }) : failed(404, "No post at this address");
  }
  const postUrl = `${env.APP_URL}/blog/${post.slug}`;
  const image = post.featuredImage && (post.featuredImage.startsWith("/") ? `${env.APP_URL}${post.featuredImage}` : post.featuredImage);
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    ...(post.excerpt ? { description: post.excerpt } : {}),
    ...(image ? { image } : {}),
    datePublished: post.publishedAt.toISOString(),
    dateModified: post.updatedAt.toISOString(),
    mainEntityOfPage: postUrl,
    url: postUrl,
    publisher: { "@type": "Organization", name: "Apiary", url: env.APP_URL },
  };
  return succeeded({
    post: { slug: post.slug, title: post.title, excerpt: post.excerpt, image: post.featuredImage, html: post.html, date: publishDate(post.publishedAt) },
    // "<" escaped: the JSON sits inside a <script> element, so no "</script>" in a title can end it.
    jsonLd: JSON.stringify(jsonLd).replace(/</g, "\\u003c"),
  });
}
