import { backOfficeContext, loadScreenList, runScreenCommand } from "~/features/back-office/screen-route.server";
import { dialogSearch, listSearch } from "~/platform/list-params";
import { sponsorsScreen } from "~/features/sponsors/sponsors.screen";
import { ResetFactorsDialog } from "~/features/users/reset-factors-dialog";
import { ResetPasswordDialog } from "~/features/users/reset-password-dialog";
import { getSponsor } from "~/features/sponsors/sponsors.server";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { DataTable } from "~/ui/admin/data-table";
import { lastSubmission } from "~/ui/admin/last-submission";
import { RowActions } from "~/ui/admin/row-actions";
import { ScreenHeader } from "~/ui/admin/screen-header";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/sponsors";

export const meta: Route.MetaFunction = () => [{ title: "Sponsors | Apiary Back-office" }];

const DIALOGS = ["password", "factors"] as const;

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(sponsorsScreen, args);
  const search = new URL(args.request.url).searchParams;
  // The dialog's sponsor is read on the server, like the list; the command checks again.
  const ctx = backOfficeContext(args);
  const dialog = DIALOGS.find((name) => name === search.get("dialog"));
  const sponsor = dialog && list.can.update ? await getSponsor(ctx, search.get("id") ?? "") : null;
  return { ...list, dialog: sponsor ? dialog : null, sponsor };
}

export function action(args: Route.ActionArgs) {
  return runScreenCommand(sponsorsScreen, args);
}

export default function SponsorsScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  useLiveRevalidation(sponsorsScreen.liveTables);
  const { rows, total, params, pageCount, can, dialog, sponsor } = loaderData;
  const lastResult = lastSubmission(actionData);
  const closeHref = `${sponsorsScreen.path}${listSearch(params)}`;
  return (
    <>
      <ScreenHeader screen={sponsorsScreen} />
      <DataTable
        screen={sponsorsScreen}
        rows={rows}
        total={total}
        params={params}
        pageCount={pageCount}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.email}
        actions={
          can.update
            ? (row) => (
                <RowActions
                  label={row.email}
                  actions={[
                    {
                      label: "Reset Password",
                      to: dialogSearch(params, "password", row.userId),
                    },
                    // For a sponsor who lost their authenticator app or phone (the same command as User Management's).
                    ...(row.twoFactor ? [{ label: "Reset Second Factors", to: dialogSearch(params, "factors", row.userId) }] : []),
                  ]}
                />
              )
            : undefined
        }
      />
      {sponsor && dialog === "password" && <ResetPasswordDialog person={{ id: sponsor.userId, email: sponsor.email }} closeHref={closeHref} lastResult={lastResult} />}
      {sponsor && dialog === "factors" && <ResetFactorsDialog person={{ id: sponsor.userId, email: sponsor.email }} closeHref={closeHref} lastResult={lastResult} />}
    </>
  );
}
