import { data, useLocation, useNavigation } from "react-router";
import { findPublicPage } from "~/features/content/public-pages.server";
import { isReservedSlug } from "~/features/content/reserved-slugs";
import type { PageHandle } from "~/platform/page-handle";
import { platformContext } from "~/platform/request-context";
import { ContentPageBody } from "~/features/content/content-page-body";
import { pageMeta } from "~/ui/seo/page-meta";
import type { Route } from "./+types/content-page";

/** The page re-reads itself when an editor changes the pages table (see root's useLiveRevalidation). */
export const handle: PageHandle = { live: ["pages"], publicCache: true };

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db, logger, storage } = context.get(platformContext);
  const page = await findPublicPage(db, params.slug, storage);
  if (!page) {
    logger.warn({ path: url.pathname }, "404: no page at this path");
    // Root's error boundary shows the site's 404 page.
    throw data(null, { status: 404 });
  }
  return { page };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, location }) => {
  const page = loaderData?.page;
  if (!page) return [{ title: "Page Not Found | Apiary" }, { name: "robots", content: "noindex" }];
  return pageMeta(matches, location.pathname, {
    title: page.title,
    description: page.metaDescription ?? page.heroSubtitle ?? `${page.title}: news and stories from Apiary, a bee-conservation organisation in Stanwood, Washington.`,
    ...(page.heroImage ? { image: page.heroImage } : {}),
  });
};

/** True while the router loads another content page (not when it loads a page of another kind). */
function useLoadingAnotherPage() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  if (navigation.state !== "loading" || !navigation.location) return false;
  const target = navigation.location.pathname;
  const segments = target.split("/").filter(Boolean);
  return target !== pathname && segments.length === 1 && !isReservedSlug(segments[0]!);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const loading = useLoadingAnotherPage();
  return (
    <div aria-busy={loading || undefined} data-testid="content-page">
      {loading ? <PageSkeleton /> : <ContentPageBody page={loaderData.page} />}
    </div>
  );
}

function PageSkeleton() {
  return (
    <div className="mx-auto max-w-4xl animate-pulse px-4 py-24 sm:px-6" data-testid="page-skeleton">
      <span className="sr-only">Loading page…</span>
      <div className="mx-auto h-12 w-2/3 rounded-xl bg-cream-dark" />
      <div className="mx-auto mt-6 h-6 w-1/2 rounded-lg bg-cream-dark" />
      <div className="mt-20 space-y-4">
        <div className="h-8 w-1/3 rounded-lg bg-cream-dark" />
        <div className="h-5 rounded bg-cream-dark" />
        <div className="h-5 rounded bg-cream-dark" />
        <div className="h-5 w-5/6 rounded bg-cream-dark" />
      </div>
    </div>
  );
}
