import { asc, eq } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { pages } from "~/platform/db/schema";
import { listPublishedPostDates } from "./public-posts.server";
import { isReservedSlug } from "./reserved-slugs";

/** The public pages that exist in code, in the order a visitor meets them. */
export const STATIC_SITEMAP_PATHS = ["/", "/home", "/adopt-hive", "/stanwood", "/bitcoin-conference", "/contact", "/blog", "/adopt-hive-signup"] as const;

export type SitemapEntry = { path: string; lastModified: Date | null };

/** Every public URL: the static pages, each published content page and each published post (never drafts). */
export async function listSitemapEntries(db: Queryable): Promise<SitemapEntry[]> {
  const [pageRows, postRows] = await Promise.all([
    db.select({ slug: pages.slug, updatedAt: pages.updatedAt }).from(pages).where(eq(pages.published, true)).orderBy(asc(pages.slug)),
    listPublishedPostDates(db),
  ]);
  const latestPost = postRows.reduce<Date | null>((latest, post) => (!latest || post.updatedAt > latest ? post.updatedAt : latest), null);
  return [
    // The blog index changes when a post does; the code pages carry no date of their own (null: the time of the request).
    ...STATIC_SITEMAP_PATHS.map((path) => ({ path, lastModified: path === "/blog" ? latestPost : null })),
    ...pageRows.filter((page) => !isReservedSlug(page.slug)).map((page) => ({ path: `/${page.slug}`, lastModified: page.updatedAt })),
    ...postRows.map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.updatedAt })),
  ];
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** The sitemap protocol's XML, with absolute URLs on `origin` (APP_URL). */
export function renderSitemap(origin: string, entries: readonly SitemapEntry[], now = new Date()) {
  const base = origin.replace(/\/+$/, "");
  const urls = entries.map((entry) => {
    const lastmod = (entry.lastModified ?? now).toISOString();
    return `  <url>\n    <loc>${escapeXml(`${base}${entry.path}`)}</loc>\n    <lastmod>${lastmod}</lastmod>\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Public site open to crawlers; accounts, back-office and private links closed. */
export function renderRobots(origin: string) {
  const base = origin.replace(/\/+$/, "");
  const closed = ["/admin", "/api/", "/auth", "/sponsor-profile", "/stay/", "/reset-password", "/forgot-password", "/admin-setup"];
  return ["User-agent: *", "Allow: /", ...closed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
}
