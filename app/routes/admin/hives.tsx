import { useForm, type SubmissionResult } from "@conform-to/react";
import { listLocationChoices } from "~/features/assets/assets.server";
import { formatMomentOf } from "~/features/back-office/format";
import { backOfficeContext, loadScreenList, recordDialog, runScreenCommand } from "~/features/back-office/screen-route.server";
import { dialogSearch, listSearch } from "~/platform/list-params";
import { FEWEST_ADOPTIONS, HIVE_STATUS_LABELS, HIVE_STATUSES } from "~/features/hives/hive-options";
import { hivesScreen } from "~/features/hives/hives.screen";
import { getHive, listHiveChoices, listHiveUpdates, type HiveRow, type HiveUpdateRow } from "~/features/hives/hives.server";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { plural } from "~/platform/plural";
import { imageSources, type ImageSources } from "~/platform/storage/image-sources";
import { Picture } from "~/ui/content/picture";
import { CheckboxField } from "~/ui/forms/checkbox-field";
import { ImageField } from "~/ui/forms/image-field";
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
import { TextAreaField } from "~/ui/forms/text-area-field";
import { TextField } from "~/ui/forms/text-field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/hives";

const addHiveSchema = clientSchema(() => import("~/features/hives/hives.schema").then((m) => m.AddHiveSchema));
const deleteHiveSchema = clientSchema(() => import("~/features/hives/hives.schema").then((m) => m.DeleteHiveSchema));
const editHiveSchema = clientSchema(() => import("~/features/hives/hives.schema").then((m) => m.EditHiveSchema));
const postHiveUpdateSchema = clientSchema(() => import("~/features/hives/hives.schema").then((m) => m.PostHiveUpdateSchema));

export const meta: Route.MetaFunction = () => [{ title: "Hives | Apiary Back-office" }];

type HiveChoice = Awaited<ReturnType<typeof listHiveChoices>>[number];
type ShownUpdate = Omit<HiveUpdateRow, "photos"> & { photos: ImageSources[] };

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(hivesScreen, args);
  const ctx = backOfficeContext(args);
  const locations = await listLocationChoices(ctx.platform.db);
  const base = { ...list, locations, choices: [] as HiveChoice[], updates: [] as ShownUpdate[], photo: null as ImageSources | null };
  const search = new URL(args.request.url).searchParams;
  // The updates dialog, for whoever may change hives.
  if (search.get("dialog") === "updates" && list.can.update) {
    const hive = await getHive(ctx, search.get("id") ?? "");
    if (hive) {
      const updates = (await listHiveUpdates(ctx, hive.id)).map(({ photos, ...update }) => ({ ...update, photos: photos.map((photo) => imageSources(ctx.platform.storage, photo)) }));
      return { ...base, dialog: "updates" as const, hive, updates };
    }
  }
  const { dialog, record: hive } = await recordDialog(args, list.can, getHive);
  const photo = hive?.photo ? imageSources(ctx.platform.storage, hive.photo) : null;
  return { ...base, dialog, hive, photo, choices: dialog === "edit" ? await listHiveChoices(ctx.platform.db) : [] };
}

export function action(args: Route.ActionArgs) {
  return runScreenCommand(hivesScreen, args, (intent) => intent === "post-update");
}

export default function HivesScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  useLiveRevalidation(hivesScreen.liveTables);
  const { rows, total, params, pageCount, can, dialog, hive, locations, choices, updates, photo } = loaderData;
  const listHref = `${hivesScreen.path}${listSearch(params)}`;
  const lastResult = lastSubmission(actionData);

  return (
    <>
      <ScreenHeader screen={hivesScreen}>{can.create && <AddButton params={params} label="Add Hive" />}</ScreenHeader>
      <DataTable
        screen={hivesScreen}
        rows={rows}
        total={total}
        params={params}
        pageCount={pageCount}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.name}
        rowHref={can.update ? (row) => dialogSearch(params, "edit", row.id) : undefined}
        actions={
          can.update || can.delete
            ? (row) => (
                <RowActions
                  label={row.name}
                  actions={[...(can.update ? [{ label: "Post Update", to: dialogSearch(params, "updates", row.id) }] : []), ...editAndDelete(can, params, row.id)]}
                />
              )
            : undefined
        }
        filterOptions={{ location: locations.map((location) => ({ value: location.id, label: location.name })) }}
      />
      {(dialog === "add" || dialog === "edit") && <HiveDialog key={hive?.id ?? "new"} hive={hive} photo={photo} locations={locations} choices={choices} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "updates" && hive && <UpdatesDialog key={updates[0]?.id ?? "none"} hive={hive} updates={updates} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "delete" && hive && (
        <DeleteRecordDialog title="Delete Hive" formId="delete-hive" schema={deleteHiveSchema} id={hive.id} closeHref={listHref} lastResult={lastResult}>
          <p>
            Are you sure you want to delete <strong>{hive.name}</strong>? Its updates go with it. This action cannot be undone.
          </p>
          <p className="mt-2 text-sm text-ink-muted">A hive that adoptions refer to cannot be deleted: mark it retired or failed instead, and its sponsors move to another hive.</p>
        </DeleteRecordDialog>
      )}
    </>
  );
}

function HiveDialog({ hive, photo, locations, choices, closeHref, lastResult }: { hive: HiveRow | null; photo: ImageSources | null; locations: { id: string; name: string }[]; choices: HiveChoice[]; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const schema = hive ? editHiveSchema : addHiveSchema;
  const [form, fields] = useForm({
    id: hive ? "edit-hive" : "add-hive",
    lastResult,
    defaultValue: {
      name: hive?.name ?? "",
      locationId: hive?.locationId ?? (locations.length === 1 ? locations[0]!.id : ""),
      status: hive?.status ?? "active",
      installedOn: hive?.installedOn ?? "",
      notes: hive?.notes ?? "",
      statusReason: hive?.statusReason ?? "",
      moveTo: FEWEST_ADOPTIONS,
    },
    onValidate: schema.validate,
    ...checkedOnSubmit,
  });
  const status = String(fields.status.value ?? "active");
  // Leaving "active" with sponsors on it: where they go (the failed-hive rule).
  const moving = hive !== null && hive.status === "active" && status !== "active" && hive.adoptions > 0;
  const targets = choices.filter((choice) => choice.id !== hive?.id && choice.status === "active" && choice.locationId === (fields.locationId.value ?? hive?.locationId));
  return (
    <ScreenDialog title={hive ? "Edit Hive" : "Add Hive"} closeHref={closeHref}>
      <SchemaForm form={form} schema={schema} encType="multipart/form-data" preventScrollReset className="flex flex-col gap-4">
        {hive && <input type="hidden" name="id" value={hive.id} />}
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <TextField field={fields.name} label="Name" autoComplete="off" maxLength={60} hint="The registry's name for it, e.g. Lakeside 3." />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField field={fields.locationId} label="Location" placeholder="Choose a location" options={locations.map((location) => ({ value: location.id, label: location.name }))} />
          <TextField field={fields.installedOn} label="Installed" type="date" optional />
        </div>
        <SelectField field={fields.status} label="Status" options={HIVE_STATUSES.map((value) => ({ value, label: HIVE_STATUS_LABELS[value] }))} />
        {(status !== "active" || hive?.statusReason) && (
          <TextAreaField field={fields.statusReason} label="Why" optional={status !== "failed"} maxLength={500} rows={2} hint="Told to its sponsors, e.g. “The colony did not survive the winter.”" />
        )}
        {moving && (
          <div className="rounded-xl border border-honey-300 bg-honey-50 p-3">
            <p className="mb-3 text-sm">
              {hive.adoptions === 1 ? "Its adoption moves" : `Its ${hive.adoptions} adoptions move`} to another active hive at {hive.locationName}, at the same tier, and each sponsor is e-mailed why.
            </p>
            <SelectField
              field={fields.moveTo}
              label="Move its adoptions to"
              options={[{ value: FEWEST_ADOPTIONS, label: "The active hive with the fewest adoptions" }, ...targets.map((target) => ({ value: target.id, label: `${target.name} (${plural(target.adoptions, "adoption")})` }))]}
            />
          </div>
        )}
        {photo && (
          <div className="flex items-start gap-3">
            <Picture image={photo} alt={`${hive?.name ?? "The hive"} now`} sizes="8rem" className="w-32 rounded-xl" />
            <CheckboxField field={fields.removePhoto} label="Remove this photo" />
          </div>
        )}
        <ImageField field={fields.photo} label={photo ? "New photo" : "Photo"} hint="JPEG, PNG, WebP, GIF or AVIF, at most 10 MB. Its sponsors see it in My Adoptions." />
        <TextAreaField field={fields.notes} label="Notes" optional maxLength={2000} rows={3} hint="For the team only." />
        <DialogButtons closeHref={closeHref} label={hive ? "Save Changes" : "Add Hive"} intent={hive ? "edit" : "add"} />
      </SchemaForm>
    </ScreenDialog>
  );
}

function UpdatesDialog({ hive, updates, closeHref, lastResult }: { hive: HiveRow; updates: ShownUpdate[]; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({ id: "post-update", lastResult, onValidate: postHiveUpdateSchema.validate, ...checkedOnSubmit });
  return (
    <ScreenDialog title="Hive updates" description={`${hive.name}, ${hive.locationName}`} closeHref={closeHref}>
      <SchemaForm form={form} schema={postHiveUpdateSchema} encType="multipart/form-data" preventScrollReset className="flex flex-col gap-4">
        <input type="hidden" name="hiveId" value={hive.id} />
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <TextAreaField field={fields.body} label="New update" maxLength={5000} rows={5} hint={`An inspection, the first honey, a new queen… ${hive.adoptions === 0 ? "No sponsor has this hive yet." : "Its sponsors see it in My Adoptions and get it by e-mail."}`} />
        <ImageField field={fields.photos} label="Photos" multiple hint="Up to 4, at most 10 MB each." />
        <DialogButtons closeHref={closeHref} label="Post Update" busyLabel="Posting…" intent="post-update" />
      </SchemaForm>
      <section aria-labelledby="earlier-updates" className="mt-6 border-t border-border pt-4">
        <h3 id="earlier-updates" className="text-base font-semibold">
          Earlier updates
        </h3>
        {updates.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">None yet.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-3" aria-label="Earlier updates, newest first">
            {updates.map((update) => (
              <li key={update.id} className="rounded-xl bg-cream p-3 text-sm">
                <p className="text-xs font-semibold text-ink-muted">{formatMomentOf(update.createdAt)}</p>
                <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{update.body}</p>
                {update.photos.length > 0 && (
                  <div className="mt-2 flex flex-wrap gap-2">
                    {update.photos.map((photo, index) => (
                      <Picture key={photo.src} image={photo} alt={`Photo ${index + 1} of this update`} sizes="6rem" className="w-24 rounded-lg" />
                    ))}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </ScreenDialog>
  );
}
