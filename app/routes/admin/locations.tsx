import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";
import { backOfficeContext, loadScreenList, runScreenCommand } from "~/features/back-office/screen-route.server";
import { listSearch } from "~/features/back-office/list-params";
import { AmenitiesField } from "~/features/locations/amenities-field";
import { AddLocationSchema, DeleteLocationSchema, EditLocationSchema } from "~/features/locations/locations.schema";
import { locationsScreen } from "~/features/locations/locations.screen";
import { getLocation, type LocationRow } from "~/features/locations/locations.server";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { DataTable } from "~/ui/admin/data-table";
import { checkedOnSubmit, DialogButtons } from "~/ui/admin/dialog-buttons";
import { RowActions } from "~/ui/admin/row-actions";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { ScreenHeader } from "~/ui/admin/screen-header";
import { FormError } from "~/ui/forms/form-error";
import { SchemaForm } from "~/ui/forms/schema-form";
import { SelectField } from "~/ui/forms/select-field";
import { TextField } from "~/ui/forms/text-field";
import { ButtonLink } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/locations";

export const meta: Route.MetaFunction = () => [{ title: "Locations | Apiary Back-office" }];

const DEFAULT_TIME_ZONE = "America/Los_Angeles";

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(locationsScreen, args);
  const search = new URL(args.request.url).searchParams;
  const asked = search.get("dialog");
  // The zones the server knows, sent with the dialog: the browser's list may differ.
  const timeZones = () => Intl.supportedValuesOf("timeZone");
  if (asked === "add" && list.can.create) return { ...list, dialog: "add" as const, location: null, timeZones: timeZones() };
  const allowed = asked === "edit" ? list.can.update : asked === "delete" ? list.can.delete : false;
  const location = allowed ? await getLocation(backOfficeContext(args), search.get("id") ?? "") : null;
  if (!location) return { ...list, dialog: null, location: null, timeZones: [] };
  return { ...list, dialog: asked as "edit" | "delete", location, timeZones: asked === "edit" ? timeZones() : [] };
}

export function action(args: Route.ActionArgs) {
  return runScreenCommand(locationsScreen, args);
}

export default function LocationsScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  useLiveRevalidation(locationsScreen.liveTables);
  const { rows, total, params, pageCount, can, dialog, location, timeZones } = loaderData;
  const listHref = `${locationsScreen.path}${listSearch(params)}`;
  const dialogHref = (name: "edit" | "delete", row: LocationRow) => `${listSearch(params)}&dialog=${name}&id=${encodeURIComponent(row.id)}`;
  const lastResult = (actionData?.result ?? null) as SubmissionResult<string[]> | null;
  const rowActions = (row: LocationRow) => [...(can.update ? [{ label: "Edit", to: dialogHref("edit", row) }] : []), ...(can.delete ? [{ label: "Delete", to: dialogHref("delete", row) }] : [])];

  return (
    <>
      <ScreenHeader screen={locationsScreen}>
        {can.create && (
          <ButtonLink to={`${listSearch(params)}&dialog=add`} preventScrollReset>
            <Plus aria-hidden="true" />
            Add Location
          </ButtonLink>
        )}
      </ScreenHeader>
      <DataTable
        screen={locationsScreen}
        rows={rows}
        total={total}
        params={params}
        pageCount={pageCount}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.name}
        rowHref={can.update ? (row) => dialogHref("edit", row) : undefined}
        actions={can.update || can.delete ? (row) => <RowActions label={row.name} actions={rowActions(row)} /> : undefined}
      />
      {dialog === "add" && <LocationDialog location={null} timeZones={timeZones} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "edit" && location && <LocationDialog location={location} timeZones={timeZones} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "delete" && location && <DeleteDialog location={location} closeHref={listHref} lastResult={lastResult} />}
    </>
  );
}

function LocationDialog({ location, timeZones, closeHref, lastResult }: { location: LocationRow | null; timeZones: string[]; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const schema = location ? EditLocationSchema : AddLocationSchema;
  const [form, fields] = useForm({
    id: location ? "edit-location" : "add-location",
    lastResult,
    defaultValue: { name: location?.name ?? "", address: location?.address ?? "", timeZone: location?.timeZone ?? DEFAULT_TIME_ZONE },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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

function DeleteDialog({ location, closeHref, lastResult }: { location: LocationRow; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const [form] = useForm({ id: "delete-location", lastResult, onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteLocationSchema }) });
  return (
    <ScreenDialog title="Delete Location" closeHref={closeHref}>
      <SchemaForm form={form} schema={DeleteLocationSchema} preventScrollReset>
        <input type="hidden" name="id" value={location.id} />
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <p>
          Are you sure you want to delete <strong>{location.name}</strong>? This action cannot be undone.
        </p>
        {location.assetCount > 0 && (
          <p role="note" className="mt-3 rounded-xl border border-honey-300 bg-honey-50 px-4 py-3 text-sm">
            It still has {location.assetCount === 1 ? "an asset" : `${location.assetCount} assets`}: move or delete {location.assetCount === 1 ? "it" : "them"} first, or mark {location.assetCount === 1 ? "it" : "them"} unavailable.
          </p>
        )}
        <DialogButtons closeHref={closeHref} label="Delete" busyLabel="Deleting…" intent="delete" variant="danger" />
      </SchemaForm>
    </ScreenDialog>
  );
}
