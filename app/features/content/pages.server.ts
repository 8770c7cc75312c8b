import { eq } from "drizzle-orm";
import { isWellFormedSlug } from "./slug";
import type { Queryable } from "~/platform/db/client.server";
import { pages } from "~/platform/db/schema";
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
  heroImage: string | null;
  sections: PublicPageSection[];
  updatedAt: Date;
};

/**
 * A content page as the public sees it, or null: unknown slugs, slugs that belong to a route and
 * malformed ones all read as "no such page". Section HTML is sanitised here, on the server, on
 * every read, whatever was stored.
 */
export async function findPublicPage(db: Queryable, slug: string): Promise<PublicPage | null> {
  if (!isWellFormedSlug(slug) || isReservedSlug(slug)) return null;
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug));
  if (!row) return null;
  const sections = Array.isArray(row.sections) ? row.sections : [];
  return {
    slug: row.slug,
    title: row.title,
    metaDescription: row.metaDescription,
    heroTitle: row.heroTitle?.trim() || null,
    heroSubtitle: row.heroSubtitle?.trim() || null,
    heroImage: safeImageUrl(row.heroImage),
    sections: sections
      .filter((section) => section && typeof section.title === "string")
      .map((section) => ({
        title: section.title,
        html: sanitizeContentHtml(typeof section.content === "string" ? section.content : ""),
        background: sectionBackground(section.title),
      })),
    updatedAt: row.updatedAt,
  };
}
