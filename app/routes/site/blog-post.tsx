import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { findMovedPost, findPublishedPost } from "~/features/content/public-posts.server";
import { publishDate } from "~/features/content/publish-date";
import { platformContext } from "~/platform/request-context";
import type { PageHandle } from "~/platform/page-handle";
import { proseClasses } from "~/ui/content/prose";
import { pageMeta } from "~/ui/seo/page-meta";
import type { Route } from "./+types/blog-post";

export const handle: PageHandle = { publicCache: true };

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db, env, logger, storage } = context.get(platformContext);
  const post = await findPublishedPost(db, params.slug, storage);
  if (!post) {
    // A published post renamed since: its old address points to the new one for good.
    const moved = await findMovedPost(db, params.slug);
    if (moved) throw redirect(`/blog/${moved}`, 301);
    // Drafts answer exactly like posts that do not exist.
    logger.warn({ path: url.pathname }, "404: no page at this path");
    throw data(null, { status: 404 });
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
  return {
    post: { slug: post.slug, title: post.title, excerpt: post.excerpt, image: post.featuredImage, html: post.html, date: publishDate(post.publishedAt) },
    // "<" escaped: the JSON sits inside a <script> element, so no "</script>" in a title can end it.
    jsonLd: JSON.stringify(jsonLd).replace(/</g, "\\u003c"),
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, location }) => {
  const post = loaderData?.post;
  if (!post) return [{ title: "Page Not Found | Apiary" }, { name: "robots", content: "noindex" }];
  return pageMeta(matches, location.pathname, {
    title: post.title,
    description: post.excerpt ?? `${post.title}: field notes from the Apiary hives in Stanwood, Washington.`,
    type: "article",
    ...(post.image ? { image: post.image, imageAlt: post.title } : {}),
  });
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, jsonLd } = loaderData;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <Link to="/blog" className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-link underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All posts
      </Link>
      <header className="mt-6">
        <time dateTime={post.date.iso} className="text-sm font-semibold text-honey-800">
          {post.date.label}
        </time>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-ink sm:text-5xl">{post.title}</h1>
        {post.excerpt && <p className="mt-4 text-xl text-ink-muted">{post.excerpt}</p>}
      </header>
      {post.image && (
        <img src={post.image} alt="" width={1200} height={675} fetchPriority="high" className="mt-8 aspect-video w-full rounded-3xl object-cover" />
      )}
      <div data-testid="post-content" className={proseClasses("light", "mt-10")} dangerouslySetInnerHTML={{ __html: post.html }} />
    </article>
  );
}
