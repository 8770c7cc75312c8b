import { activityScreen } from "~/features/activity/activity.screen";
import { loadScreenList } from "~/features/back-office/screen-route.server";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { DataTable } from "~/ui/admin/data-table";
import { ScreenHeader } from "~/ui/admin/screen-header";
import type { Route } from "./+types/activity";

export const meta: Route.MetaFunction = () => [{ title: "Activity | Apiary Back-office" }];

export function loader(args: Route.LoaderArgs) {
  return loadScreenList(activityScreen, args);
}

/** Read-only: the trail is written by the commands themselves, never edited. */
export default function ActivityScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(activityScreen.liveTables);
  const { rows, total, params, pageCount } = loaderData;
  return (
    <>
      <ScreenHeader screen={activityScreen} />
      <DataTable screen={activityScreen} rows={rows} total={total} params={params} pageCount={pageCount} rowKey={(row) => row.id} rowLabel={(row) => `${row.event} ${row.createdAt}`} />
    </>
  );
}
