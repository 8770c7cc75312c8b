import { useForm, type SubmissionResult } from "@conform-to/react";
import { loadScreenList, recordDialog, runScreenCommand } from "~/features/back-office/screen-route.server";
import { dialogSearch, listSearch } from "~/platform/list-params";
import { AmenitiesField } from "~/features/locations/amenities-field";
import { locationsScreen } from "~/features/locations/locations.screen";
import { getLocation, type LocationRow } from "~/features/locations/locations.server";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { DataTable } from "~/ui/admin/data-table";
import { lastSubmission } from "~/ui/admin/last-submission";
import { DialogButtons } from "~/ui/admin/dialog-buttons";
import { AddButton, editAndDelete } from "~/ui/admin/record-controls";
import { RowActions } from "~/ui/admin/row-actions";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { DeleteRecordDialog } from "~/ui/admin/delete-record-dialog";
import { ScreenHeader } from "~/ui/admin/screen-header";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { SelectField } from "~/ui/forms/select-field";
import { TextField } from "~/ui/forms/text-field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/locations";

const addLocationSchema = clientSchema(() => import("~/features/locations/locations.schema").then((m) => m.AddLocationSchema));
const deleteLocationSchema = clientSchema(() => import("~/features/locations/locations.schema").then((m) => m.DeleteLocationSchema));
const editLocationSchema = clientSchema(() => import("~/features/locations/locations.schema").then((m) => m.EditLocationSchema));

export const meta: Route.MetaFunction = () => [{ title: "Locations | Apiary Back-office" }];

const DEFAULT_TIME_ZONE = "America/Los_Angeles";

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(locationsScreen, args);
  const { dialog, record: location } = await recordDialog(args, list.can, getLocation);
  // The zones the server knows, sent with the dialog: the browser's list may differ.
  return { ...list, dialog, location, timeZones: dialog === "add" || dialog === "edit" ? Intl.supportedValuesOf("timeZone") : [] };
}

export function action(args: Route.ActionArgs) {
  return runScreenCommand(locationsScreen, args);
}

export default function LocationsScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  useLiveRevalidation(locationsScreen.liveTables);
  const { rows, total, params, pageCount, can, dialog, location, timeZones } = loaderData;
  const listHref = `${locationsScreen.path}${listSearch(params)}`;
  const lastResult = lastSubmission(actionData);

  return (
    <>
      <ScreenHeader screen={locationsScreen}>
        {can.create && <AddButton params={params} label="Add Location" />}
      </ScreenHeader>
      <DataTable
        screen={locationsScreen}
        rows={rows}
        total={total}
        params={params}
        pageCount={pageCount}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.name}
        rowHref={can.update ? (row) => dialogSearch(params, "edit", row.id) : undefined}
        actions={can.update || can.delete ? (row) => <RowActions label={row.name} actions={editAndDelete(can, params, row.id)} /> : undefined}
      />
      {dialog === "add" && <LocationDialog location={null} timeZones={timeZones} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "edit" && location && <LocationDialog location={location} timeZones={timeZones} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "delete" && location && (
        <DeleteRecordDialog title="Delete Location" formId="delete-location" schema={deleteLocationSchema} id={location.id} closeHref={listHref} lastResult={lastResult}>
          <p>
            Are you sure you want to delete <strong>{location.name}</strong>? This action cannot be undone.
          </p>
          {location.assetCount > 0 && (
            <p role="note" className="mt-3 rounded-xl border border-honey-300 bg-honey-50 px-4 py-3 text-sm">
              It still has {location.assetCount === 1 ? "an asset" : `${location.assetCount} assets`}: move or delete {location.assetCount === 1 ? "it" : "them"} first, or mark {location.assetCount === 1 ? "it" : "them"} unavailable.
            </p>
          )}
        </DeleteRecordDialog>
      )}
    </>
  );
}

function LocationDialog({ location, timeZones, closeHref, lastResult }: { location: LocationRow | null; timeZones: string[]; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const schema = location ? editLocationSchema : addLocationSchema;
  const [form, fields] = useForm({
    id: location ? "edit-location" : "add-location",
    lastResult,
    defaultValue: { name: location?.name ?? "", address: location?.address ?? "", timeZone: location?.timeZone ?? DEFAULT_TIME_ZONE },
    onValidate: schema.validate,
    ...checkedOnSubmit,
  });
  return (
    <ScreenDialog title={location ? "Edit Location" : "Add Location"} closeHref={closeHref}>
      <SchemaForm form={form} schema={schema} preventScrollReset className="flex flex-col gap-4">
        {location && <input type="hidden" name="id" value={location.id} />}
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <TextField field={fields.name} label="Name" autoComplete="off" maxLength={100} />
        <TextField field={fields.address} label="Address" autoComplete="off" maxLength={300} />
        <AmenitiesField initial={location?.amenities ?? []} errors={fields.amenities.errors} />
        <SelectField field={fields.timeZone} label="Time zone" options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))} hint="Where the property is: its “today” decides which stays have begun." />
        <DialogButtons closeHref={closeHref} label={location ? "Save Changes" : "Add Location"} intent={location ? "edit" : "add"} />
      </SchemaForm>
    </ScreenDialog>
  );
}
