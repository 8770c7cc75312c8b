import { renderRobots } from "~/features/content/sitemap.server";
import { platformContext } from "~/platform/request-context";
import type { PageHandle } from "~/platform/page-handle";
import type { Route } from "./+types/robots";

export const handle: PageHandle = { publicCache: true };

export function loader({ context }: Route.LoaderArgs) {
  return new Response(renderRobots(context.get(platformContext).env.APP_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
