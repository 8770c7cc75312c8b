import { authStateContext } from "~/features/accounts/actor";
import { liveTableShownTo } from "~/features/back-office/live-tables";
import { changeEventStream } from "~/platform/realtime/event-stream.server";
import { streamCapOf, TOO_MANY_STREAMS_MESSAGE } from "~/platform/realtime/stream-cap.server";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import type { Route } from "./+types/events";

/** GET /api/events: the change feed as Server-Sent Events, for the pages' live refresh. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { changes } = context.get(platformContext);
  const release = streamCapOf(changes).take(context.get(requestInfoContext).clientAddress);
  // The browser's EventSource gives up on a 429 (it retries only dropped connections), so a
  // page over the cap simply stays without live refresh until it is reloaded.
  if (!release) return new Response(TOO_MANY_STREAMS_MESSAGE, { status: 429, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60", "Cache-Control": "no-store" } });
  // Changes to people's accounts are nobody else's business: only staff streams hear of them.
  const staff = context.get(authStateContext).actor.kind === "staff";
  return changeEventStream(changes, request, (table) => liveTableShownTo(table, { staff }), release);
}
