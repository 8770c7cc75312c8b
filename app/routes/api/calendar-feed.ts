import { data } from "react-router";
import { assetCalendarFeed } from "~/features/calendar-sync/calendar-export.server";
import { platformContext } from "~/platform/request-context";
import type { Route } from "./+types/calendar-feed";

/** GET /calendar/<token>.ics: an asset's export feed for other booking sites (the token is the key). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -4) : "";
  const feed = await assetCalendarFeed(context.get(platformContext).db, token);
  if (feed === null) throw data("No calendar here: the link may have been replaced by a new one.", { status: 404 });
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="calendar.ics"',
      "Cache-Control": "no-store",
      // The link is a secret: no search engine, no referrer.
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
