import { proseClasses } from "~/ui/content/prose";
import type { PublicPage } from "./public-pages.server";
import { sectionBackgroundUrl } from "./section-backgrounds";

/**
 * A content page as the public sees it: the hero, then one full-screen section per entry with its
 * title-matched background. The back-office's preview shows the very same thing (`inPreview`:
 * no scroll snapping of the editor's own window).
 */
export function ContentPageBody({ page, inPreview = false }: { page: PublicPage; inPreview?: boolean }) {
  const hasHero = Boolean(page.heroTitle || page.heroImage);
  return (
    <>
      {/* Full-screen sections snap into place as the reader scrolls; only while this page is shown. */}
      {page.sections.length > 0 && !inPreview && <style>{"html{scroll-snap-type:y proximity}"}</style>}
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
          {page.heroSources ? (
            <picture>
              <source type="image/webp" srcSet={page.heroSources.webpSrcSet} sizes="100vw" />
              <img src={page.heroSources.src} srcSet={page.heroSources.srcSet} sizes="100vw" alt="" width={page.heroSources.width} height={page.heroSources.height} fetchPriority="high" className="absolute inset-0 -z-20 size-full object-cover" />
            </picture>
          ) : (
            <img src={page.heroImage} alt="" width={1600} height={900} fetchPriority="high" className="absolute inset-0 -z-20 size-full object-cover" />
          )}
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

