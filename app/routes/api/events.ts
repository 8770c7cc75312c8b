import { authStateContext } from "~/features/accounts/actor";
import { liveTableShownTo } from "~/features/back-office/live-tables";
import { changeEventStream } from "~/platform/realtime/event-stream.server";
import { platformContext } from "~/platform/request-context";
import type { Route } from "./+types/events";

/** GET /api/events: the change feed as Server-Sent Events, for the pages' live refresh. */
export function loader({ request, context }: Route.LoaderArgs) {
  // Changes to people's accounts are nobody else's business: only staff streams hear of them.
  const staff = context.get(authStateContext).actor.kind === "staff";
  return changeEventStream(context.get(platformContext).changes, request, (table) => liveTableShownTo(table, { staff }));
}
