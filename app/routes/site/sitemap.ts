import { listSitemapEntries, renderSitemap } from "~/features/content/sitemap.server";
import { platformContext } from "~/platform/request-context";
import type { PageHandle } from "~/platform/page-handle";
import type { Route } from "./+types/sitemap";

export const handle: PageHandle = { publicCache: true };

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context.get(platformContext);
  const xml = renderSitemap(env.APP_URL, await listSitemapEntries(db));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
