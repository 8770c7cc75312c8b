import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { featuredImageUrl, listPublishedPosts } from "~/features/content/public-posts.server";
import { publishDate } from "~/features/content/publish-date";
import { platformContext } from "~/platform/request-context";
import type { PageHandle } from "~/platform/page-handle";
import { pageMeta } from "~/ui/seo/page-meta";
import type { Route } from "./+types/blog";

export const handle: PageHandle = { publicCache: true };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    title: "Blog",
    description: "Field notes from the Apiary hives in Stanwood, WA: inspections, harvests, habitat work and news for our sponsors.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = context.get(platformContext);
  const rows = await listPublishedPosts(db);
  return {
    posts: rows.map((post) => ({
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      image: featuredImageUrl(storage, post, 640),
      date: publishDate(post.publishedAt!),
    })),
  };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-honey-800 uppercase">From the apiary</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-ink sm:text-5xl">Blog</h1>
        <p className="mt-4 text-lg text-ink-muted">
          Notes from the hives: what we find at each inspection, how the harvest went, and the habitat work your sponsorship pays for.
        </p>
      </header>
      {posts.length === 0 ? (
        <p className="mt-12 rounded-3xl border border-border bg-surface p-8 text-lg text-ink-muted">
          No posts yet. Our first field notes are on their way.
        </p>
      ) : (
        <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <li key={post.slug}>
              <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl border border-border bg-surface shadow-sm transition-shadow hover:shadow-card">
                {post.image ? (
                  <img
                    src={post.image}
                    alt=""
                    width={640}
                    height={400}
                    loading={index < 3 ? "eager" : "lazy"}
                    className="aspect-[8/5] w-full object-cover"
                  />
                ) : (
                  <div aria-hidden="true" className="aspect-[8/5] w-full bg-[url(/images/sections/default.svg)] bg-cover bg-center" />
                )}
                <div className="flex flex-1 flex-col p-6">
                  <time dateTime={post.date.iso} className="text-sm font-semibold text-honey-800">
                    {post.date.label}
                  </time>
                  <h2 className="mt-2 text-xl font-bold text-ink">
                    {/* The whole card is clickable through this link's overlay; one link per post for screen readers. */}
                    <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:rounded-3xl focus-visible:after:outline-3 focus-visible:after:outline-ring">
                      {post.title}
                    </Link>
                  </h2>
                  {post.excerpt && <p className="mt-3 flex-1 text-ink-muted">{post.excerpt}</p>}
                  <span aria-hidden="true" className="mt-5 inline-flex items-center gap-1.5 font-semibold text-link group-hover:underline">
                    Read more <ArrowRight className="size-4" />
                  </span>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
