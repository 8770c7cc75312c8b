import { leavePage } from "~/features/accounts/leave-site.server";
import { platformContext } from "~/platform/request-context";
import type { Route } from "./+types/continue-to-sign-in";

/** Where a sign-in form posted without JavaScript carries on to Google or an OpenID provider (leave-site.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return leavePage(request, context.get(platformContext).authSecret);
}
