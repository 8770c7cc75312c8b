import type { MetaDescriptor } from "react-router";

type RootData = { siteUrl?: string } | undefined;
type MatchLike = { id: string; loaderData?: unknown } | undefined;

export type PageSeo = {
  title: string;
  description: string;
  /** The canonical path; defaults to the current path (without its query). */
  path?: string;
  /** A path or absolute URL of the sharing image (1200×630); defaults to the site card. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  /** Pages that must stay out of search results (accounts, private links). */
  noindex?: boolean;
};

export const SITE_NAME = "Apiary";
export const DEFAULT_SHARE_IMAGE = "/og-card.png";

/**
 * Title, description, canonical URL, Open Graph and Twitter card for one page, built from the
 * public origin the root loader passes down (APP_URL), so links are absolute in every environment.
 */
export function pageMeta(matches: readonly MatchLike[], pathname: string, seo: PageSeo): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData;
  const origin = root?.siteUrl ?? "";
  const absolute = (value: string) => (/^https?:\/\//.test(value) ? value : `${origin}${value}`);
  const url = absolute(seo.path ?? pathname);
  const image = absolute(seo.image ?? DEFAULT_SHARE_IMAGE);
  const title = seo.title.includes(SITE_NAME) ? seo.title : `${seo.title} | ${SITE_NAME}`;
  return [
    { title },
    { name: "description", content: seo.description },
    ...(seo.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: seo.imageAlt ?? "Honey bees at the Apiary hives by the lake in Stanwood, Washington" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
  ];
}
