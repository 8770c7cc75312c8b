import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { blogPostPage } from "~/features/content/blog-post-page.server";
import { platformContext } from "~/platform/request-context";
import type { PageHandle } from "~/platform/page-handle";
import { proseClasses } from "~/ui/content/prose";
import { pageMeta } from "~/ui/seo/page-meta";
import type { Route } from "./+types/blog-post";

export const handle: PageHandle = { publicCache: true };

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const page = await blogPostPage(platform, params.slug);
  if (!page.ok) {
    platform.logger.warn({ path: url.pathname }, "404: no page at this path");
    throw data(null, { status: 404 });
  }
  if ("movedTo" in page.value) throw redirect(`/blog/${page.value.movedTo}`, 301);
  return page.value;
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
