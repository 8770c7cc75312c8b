import { data, useLocation, useNavigation } from "react-router";
import { findPublicPage, type PublicPage } from "~/features/content/pages.server";
import { isReservedSlug } from "~/features/content/reserved-slugs";
import { sectionBackgroundUrl } from "~/features/content/section-backgrounds";
import { platformContext } from "~/platform/request-context";
import { proseClasses } from "~/ui/content/prose";
import { pageMeta } from "~/ui/seo/page-meta";
import type { Route } from "./+types/content-page";

/** The page re-reads itself when an editor changes the pages table (see root's useLiveRevalidation). */
export const handle = { live: ["pages"] };

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db, logger } = context.get(platformContext);
  const page = await findPublicPage(db, params.slug);
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
      {loading ? <PageSkeleton /> : <PageBody page={loaderData.page} />}
    </div>
  );
}

function PageBody({ page }: { page: PublicPage }) {
  const hasHero = Boolean(page.heroTitle || page.heroImage);
  return (
    <>
      {/* Full-screen sections snap into place as the reader scrolls; only while this page is shown. */}
      {page.sections.length > 0 && <style>{"html{scroll-snap-type:y proximity}"}</style>}
      {hasHero ? (
        <Hero page={page} />
      ) : (
        <header className="mx-auto max-w-4xl px-4 pt-14 pb-6 sm:px-6">
          <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{page.title}</h1>
        </header>
      )}
      {page.sections.length === 0 ? (
        <p className="mx-auto max-w-4xl px-4 py-20 text-center text-xl text-ink-muted sm:px-6">This page is currently being built. Check back soon!</p>
      ) : (
        page.sections.map((section, index) => (
          <section
            key={`${index}-${section.title}`}
            aria-labelledby={`section-${index}`}
            data-background={section.background}
            className="relative isolate flex min-h-screen snap-start items-center overflow-hidden bg-forest-900 bg-cover bg-center"
            style={{ backgroundImage: `url(${sectionBackgroundUrl(section.background)})` }}
          >
            {/* Keeps the text at AA contrast whatever part of the artwork is behind it. */}
            <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-b from-forest-950/80 via-forest-950/72 to-forest-950/85" />
            <div className="mx-auto w-full max-w-3xl px-4 py-24 sm:px-6">
              <h2 id={`section-${index}`} className="text-3xl font-bold tracking-tight text-cream sm:text-5xl">
                {section.title}
              </h2>
              <div data-testid="section-content" className={proseClasses("dark", "mt-6")} dangerouslySetInnerHTML={{ __html: section.html }} />
            </div>
          </section>
        ))
      )}
    </>
  );
}

function Hero({ page }: { page: PublicPage }) {
  return (
    <header className="relative isolate overflow-hidden bg-gradient-to-br from-honey-100 via-honey-200 to-honey-300">
      {page.heroImage && (
        <>
          <img src={page.heroImage} alt="" width={1600} height={900} fetchPriority="high" className="absolute inset-0 -z-20 size-full object-cover" />
          <div aria-hidden="true" className="absolute inset-0 -z-10 bg-forest-950/70" />
        </>
      )}
      <div className="mx-auto max-w-4xl px-4 py-24 text-center sm:px-6 sm:py-32">
        <h1 className={`text-4xl font-bold tracking-tight sm:text-6xl ${page.heroImage ? "text-cream" : "text-ink"}`}>{page.heroTitle ?? page.title}</h1>
        {page.heroSubtitle && <p className={`mx-auto mt-6 max-w-2xl text-xl ${page.heroImage ? "text-forest-50" : "text-ink-muted"}`}>{page.heroSubtitle}</p>}
      </div>
    </header>
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
