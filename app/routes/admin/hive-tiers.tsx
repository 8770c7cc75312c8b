import { useForm, type SubmissionResult } from "@conform-to/react";
import { moneyText } from "~/features/back-office/format";
import { loadScreenList, recordDialog, runScreenCommand } from "~/features/back-office/screen-route.server";
import { dialogSearch, listSearch } from "~/platform/list-params";
import { hiveTiersScreen, placesLabel } from "~/features/hive-tiers/hive-tiers.screen";
import { getTier, type TierRow } from "~/features/hive-tiers/hive-tiers.server";
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
import { TextAreaField } from "~/ui/forms/text-area-field";
import { TextField } from "~/ui/forms/text-field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/hive-tiers";

const addTierSchema = clientSchema(() => import("~/features/hive-tiers/hive-tiers.schema").then((m) => m.AddTierSchema));
const deleteTierSchema = clientSchema(() => import("~/features/hive-tiers/hive-tiers.schema").then((m) => m.DeleteTierSchema));
const editTierSchema = clientSchema(() => import("~/features/hive-tiers/hive-tiers.schema").then((m) => m.EditTierSchema));

export const meta: Route.MetaFunction = () => [{ title: "Hive Tiers | Apiary Back-office" }];

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(hiveTiersScreen, args);
  const { dialog, record: tier } = await recordDialog(args, list.can, getTier);
  return { ...list, dialog, tier };
}

export function action(args: Route.ActionArgs) {
  return runScreenCommand(hiveTiersScreen, args);
}

export default function HiveTiersScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  useLiveRevalidation(hiveTiersScreen.liveTables);
  const { rows, total, params, pageCount, can, dialog, tier } = loaderData;
  const listHref = `${hiveTiersScreen.path}${listSearch(params)}`;
  const lastResult = lastSubmission(actionData);

  return (
    <>
      <ScreenHeader screen={hiveTiersScreen}>{can.create && <AddButton params={params} label="Add Tier" />}</ScreenHeader>
      <DataTable
        screen={hiveTiersScreen}
        rows={rows}
        total={total}
        params={params}
        pageCount={pageCount}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.name}
        rowHref={can.update ? (row) => dialogSearch(params, "edit", row.id) : undefined}
        actions={can.update || can.delete ? (row) => <RowActions label={row.name} actions={editAndDelete(can, params, row.id)} /> : undefined}
      />
      {(dialog === "add" || dialog === "edit") && <TierDialog key={tier?.id ?? "new"} tier={tier} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "delete" && tier && (
        <DeleteRecordDialog title="Delete Tier" formId="delete-tier" schema={deleteTierSchema} id={tier.id} closeHref={listHref} lastResult={lastResult}>
          <p>
            Are you sure you want to delete <strong>{tier.name}</strong>? This action cannot be undone.
          </p>
          <p className="mt-2 text-sm text-ink-muted">A tier that adoptions refer to cannot be deleted: deactivate it instead, and it is no longer offered.</p>
        </DeleteRecordDialog>
      )}
    </>
  );
}

const decimal = (value: string | null) => (value === null ? "" : String(Number(value)));

function TierDialog({ tier, closeHref, lastResult }: { tier: TierRow | null; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const schema = tier ? editTierSchema : addTierSchema;
  // The spec's defaults for a new tier: active, display order 0, prices 0.
  const [form, fields] = useForm({
    id: tier ? "edit-tier" : "add-tier",
    lastResult,
    defaultValue: {
      name: tier?.name ?? "",
      description: tier?.description ?? "",
      priceMonthly: tier ? moneyText(tier.priceMonthly) : "0",
      priceAnnual: tier ? moneyText(tier.priceAnnual) : "0",
      perks: tier?.perks.join("\n") ?? "",
      honeyShareKg: tier ? decimal(tier.honeyShareKg) : "",
      maxAdoptions: tier?.maxAdoptions === null || !tier ? "" : String(tier.maxAdoptions),
      displayOrder: String(tier?.displayOrder ?? 0),
      isActive: tier ? (tier.isActive ? "on" : "") : "on",
    },
    onValidate: schema.validate,
    ...checkedOnSubmit,
  });
  return (
    <ScreenDialog title={tier ? "Edit Tier" : "Add Tier"} closeHref={closeHref}>
      <SchemaForm form={form} schema={schema} preventScrollReset className="flex flex-col gap-4">
        {tier && <input type="hidden" name="id" value={tier.id} />}
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <TextField field={fields.name} label="Name" autoComplete="off" maxLength={60} />
        <TextAreaField field={fields.description} label="Description" optional maxLength={1000} rows={3} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.priceMonthly} label="Monthly price ($)" type="number" inputMode="decimal" min={0} step="0.01" />
          <TextField field={fields.priceAnnual} label="Annual price ($)" type="number" inputMode="decimal" min={0} step="0.01" />
        </div>
        <TextAreaField field={fields.perks} label="Perks" optional rows={4} hint="One per line, as the adoption page lists them. Blank lines are dropped." />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField field={fields.honeyShareKg} label="Honey share (kg)" type="number" inputMode="decimal" min={0} step="0.1" optional />
          <TextField
            field={fields.maxAdoptions}
            label="Max adoptions"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            optional
            hint={tier ? `Empty for no limit. Taken now: ${placesLabel(tier)}.` : "Empty for no limit."}
          />
          <TextField field={fields.displayOrder} label="Display order" type="number" inputMode="numeric" min={0} step={1} hint="Lowest first." />
        </div>
        <CheckboxField field={fields.isActive} label="Active" asSwitch hint="Offered on the adoption page. Adoptions already made keep their tier either way." />
        <DialogButtons closeHref={closeHref} label={tier ? "Save Changes" : "Add Tier"} intent={tier ? "edit" : "add"} />
      </SchemaForm>
    </ScreenDialog>
  );
}
