import { data } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { requireStaff } from "~/features/accounts/admin-guard.server";
import { streamScreenCsv } from "~/features/back-office/csv-export.server";
import { screenById } from "~/features/back-office/screens";
import type { Route } from "./+types/export";

/** `/admin/export/<screen>?<the list's filters>`: every matching row of a screen's list as CSV. */
export function loader(args: Route.LoaderArgs) {
  // A file has no layout around it: the back-office's own check first, as for its pages.
  requireStaff(args.context.get(authStateContext));
  const screen = screenById(args.params.screen);
  if (!screen) throw data({ message: "No such list" }, { status: 404 });
  return streamScreenCsv(screen, args);
}
