import { and, eq } from "drizzle-orm";
import { isWellFormedSlug } from "./slug";
import type { Queryable } from "~/platform/db/client.server";
import { pages, type PageSection } from "~/platform/db/schema";
import { imageSources, type ImageSources, type StoredImage, type UrlOf } from "~/platform/storage/image-sources";
import { isReservedSlug } from "./reserved-slugs";
import { safeImageUrl, sanitizeContentHtml } from "./sanitize-html.server";
import { sectionBackground, type SectionBackground } from "./section-backgrounds";

export type PublicPageSection = { title: string; html: string; background: SectionBackground };

export type PublicPage = {
  slug: string;
  title: string;
  metaDescription: string | null;
  heroTitle: string | null;
  heroSubtitle: string | null;
  /** The hero image's address (the largest variant of an upload): for link previews. */
  heroImage: string | null;
  /** An uploaded hero image's variants, for a responsive <picture>. */
  heroSources: ImageSources | null;
  sections: PublicPageSection[];
};

/** What a page is made of, as stored or as typed in the editor. */
export type PageContent = Pick<PublicPage, "slug" | "title" | "metaDescription" | "heroTitle" | "heroSubtitle" | "heroImage"> & {
  heroImageFile: StoredImage | null;
  sections: unknown;
};

/**
 * A page as the public sees it, from what is stored (or, for the editor's preview, typed): the
 * section HTML sanitised here, on the server, every time, whatever was stored.
 */
export function toPublicPage(row: PageContent, storage: UrlOf): PublicPage {
  const sections = Array.isArray(row.sections) ? (row.sections as Partial<PageSection>[]) : [];
  const heroSources = row.heroImageFile ? imageSources(storage, row.heroImageFile) : null;
  return {
    slug: row.slug,
    title: row.title,
    metaDescription: row.metaDescription,
    heroTitle: row.heroTitle?.trim() || null,
    heroSubtitle: row.heroSubtitle?.trim() || null,
    heroImage: heroSources?.src ?? safeImageUrl(row.heroImage),
    heroSources,
    sections: sections
      .filter((section) => section && typeof section.title === "string")
      .map((section) => ({
        title: section.title!,
        html: sanitizeContentHtml(typeof section.content === "string" ? section.content : ""),
        background: sectionBackground(section.title!),
      })),
  };
}

/**
 * A content page as the public sees it, or null: unknown slugs, slugs that belong to a route,
 * malformed ones and drafts all read as "no such page".
 */
export async function findPublicPage(db: Queryable, slug: string, storage: UrlOf): Promise<PublicPage | null> {
  if (!isWellFormedSlug(slug) || isReservedSlug(slug)) return null;
  const [row] = await db.select().from(pages).where(and(eq(pages.slug, slug), eq(pages.published, true)));
  return row ? toPublicPage(row, storage) : null;
}
