import { useForm, type SubmissionResult } from "@conform-to/react";
import { ASSET_STATUS_LABELS, ASSET_STATUSES, ASSET_TYPE_LABELS, ASSET_TYPES } from "~/features/assets/asset-options";
import { assetsScreen } from "~/features/assets/assets.screen";
import { getAsset, listLocationChoices, type AssetRow } from "~/features/assets/assets.server";
import { CalendarSyncDialog } from "~/features/calendar-sync/calendar-sync-dialog";
import { calendarSyncOf } from "~/features/calendar-sync/calendar-sync.server";
import { moneyText } from "~/features/back-office/format";
import { backOfficeContext, loadScreenList, recordDialog, runScreenCommand } from "~/features/back-office/screen-route.server";
import { dialogSearch, listSearch } from "~/platform/list-params";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { DataTable } from "~/ui/admin/data-table";
import { lastSubmission } from "~/ui/admin/last-submission";
import { DialogButtons } from "~/ui/admin/dialog-buttons";
import { AddButton, editAndDelete } from "~/ui/admin/record-controls";
import { RowActions } from "~/ui/admin/row-actions";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { DeleteRecordDialog } from "~/ui/admin/delete-record-dialog";
import { ScreenHeader } from "~/ui/admin/screen-header";
import { CheckboxField } from "~/ui/forms/checkbox-field";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { SelectField } from "~/ui/forms/select-field";
import { TextAreaField } from "~/ui/forms/text-area-field";
import { TextField } from "~/ui/forms/text-field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/assets";

const addAssetSchema = clientSchema(() => import("~/features/assets/assets.schema").then((m) => m.AddAssetSchema));
const deleteAssetSchema = clientSchema(() => import("~/features/assets/assets.schema").then((m) => m.DeleteAssetSchema));
const editAssetSchema = clientSchema(() => import("~/features/assets/assets.schema").then((m) => m.EditAssetSchema));

export const meta: Route.MetaFunction = () => [{ title: "Assets | Apiary Back-office" }];

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(assetsScreen, args);
  const ctx = backOfficeContext(args);
  // The list's location filter and the dialog's choices.
  const locations = await listLocationChoices(ctx.platform.db);
  const search = new URL(args.request.url).searchParams;
  // The calendar sync dialog, for whoever may change assets.
  const sync = search.get("dialog") === "calendar" && list.can.update ? await calendarSyncOf(ctx, search.get("id") ?? "") : null;
  if (sync) return { ...list, dialog: "calendar" as const, asset: null, locations, sync, syncMinutes: ctx.platform.env.CALENDAR_SYNC_MINUTES };
  const { dialog, record: asset } = await recordDialog(args, list.can, getAsset);
  return { ...list, dialog, asset, locations, sync: null, syncMinutes: 0 };
}

export function action(args: Route.ActionArgs) {
  return runScreenCommand(assetsScreen, args, (intent) => intent.startsWith("calendar-"));
}

export default function AssetsScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  useLiveRevalidation(assetsScreen.liveTables);
  const { rows, total, params, pageCount, can, dialog, asset, locations, sync, syncMinutes } = loaderData;
  const listHref = `${assetsScreen.path}${listSearch(params)}`;
  const lastResult = lastSubmission(actionData);

  return (
    <>
      <ScreenHeader screen={assetsScreen}>
        {can.create && <AddButton params={params} label="Add Asset" />}
      </ScreenHeader>
      <DataTable
        screen={assetsScreen}
        rows={rows}
        total={total}
        params={params}
        pageCount={pageCount}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.name}
        rowHref={can.update ? (row) => dialogSearch(params, "edit", row.id) : undefined}
        actions={can.update || can.delete ? (row) => <RowActions label={row.name} actions={[...editAndDelete(can, params, row.id), ...(can.update ? [{ label: "Calendar sync", to: dialogSearch(params, "calendar", row.id) }] : [])]} /> : undefined}
        filterOptions={{ location: locations.map((location) => ({ value: location.id, label: location.name })) }}
      />
      {(dialog === "add" || dialog === "edit") && <AssetDialog asset={asset} locations={locations} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "delete" && asset && (
        <DeleteRecordDialog title="Delete Asset" formId="delete-asset" schema={deleteAssetSchema} id={asset.id} closeHref={listHref} lastResult={lastResult}>
          <p>
            Are you sure you want to delete <strong>{asset.name}</strong> ({asset.locationName})? This action cannot be undone.
          </p>
        </DeleteRecordDialog>
      )}
      {dialog === "calendar" && sync && <CalendarSyncDialog sync={sync} minutes={syncMinutes} closeHref={listHref} lastResult={actionData?.intent === "calendar-add" ? lastResult : null} />}
    </>
  );
}

function AssetDialog({ asset, locations, closeHref, lastResult }: { asset: AssetRow | null; locations: { id: string; name: string }[]; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const schema = asset ? editAssetSchema : addAssetSchema;
  const [form, fields] = useForm({
    id: asset ? "edit-asset" : "add-asset",
    lastResult,
    // The spec's defaults for a new asset: an RV, available, 15:00 to 11:00, $0.
    defaultValue: {
      name: asset?.name ?? "",
      type: asset?.type ?? "rv",
      locationId: asset?.locationId ?? "",
      status: asset?.status ?? "available",
      checkInTime: asset?.checkInTime ?? "15:00",
      checkOutTime: asset?.checkOutTime ?? "11:00",
      pricePerNight: asset ? moneyText(asset.pricePerNight) : "0",
      description: asset?.description ?? "",
    },
    onValidate: schema.validate,
    ...checkedOnSubmit,
  });
  return (
    <ScreenDialog title={asset ? "Edit Asset" : "Add Asset"} closeHref={closeHref}>
      <SchemaForm form={form} schema={schema} preventScrollReset className="flex flex-col gap-4">
        {asset && <input type="hidden" name="id" value={asset.id} />}
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <TextField field={fields.name} label="Name" autoComplete="off" maxLength={100} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField field={fields.type} label="Type" options={ASSET_TYPES.map((type) => ({ value: type, label: ASSET_TYPE_LABELS[type] }))} />
          <SelectField field={fields.status} label="Status" options={ASSET_STATUSES.map((status) => ({ value: status, label: ASSET_STATUS_LABELS[status] }))} />
        </div>
        <SelectField field={fields.locationId} label="Location" placeholder="Choose a location" options={locations.map((location) => ({ value: location.id, label: location.name }))} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.checkInTime} label="Check-in time" type="time" />
          <TextField field={fields.checkOutTime} label="Check-out time" type="time" />
        </div>
        <TextField field={fields.pricePerNight} label="Price per night ($)" type="number" inputMode="decimal" min={0} step="0.01" />
        <TextAreaField field={fields.description} label="Description" optional rows={3} maxLength={2000} />
        {/* Shown once the server has listed the stays ahead, and kept while the person decides. */}
        {lastResult?.error?.closeAnyway && <CheckboxField field={fields.closeAnyway} label="Save anyway" hint="The stays listed above are not cancelled." />}
        <DialogButtons closeHref={closeHref} label={asset ? "Save Changes" : "Add Asset"} intent={asset ? "edit" : "add"} />
      </SchemaForm>
    </ScreenDialog>
  );
}
