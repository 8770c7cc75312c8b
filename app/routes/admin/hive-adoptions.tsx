import { useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { getAdoption, listPayments, searchSponsorEmails, type AdoptionRow, type PaymentRow } from "~/features/adoptions/admin-adoptions.server";
import { ADOPTION_STATUS_LABELS, ADOPTION_STATUSES, PAYMENT_FREQUENCIES, PAYMENT_FREQUENCY_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "~/features/adoptions/adoption-options";
import { adoptionsScreen } from "~/features/adoptions/adoptions.screen";
import { backOfficeContext, loadScreenList, recordDialog, runScreenCommand } from "~/features/back-office/screen-route.server";
import { BACK_OFFICE_TIME_ZONE, moneyText } from "~/features/back-office/format";
import { dialogSearch, listSearch, returnPathOf } from "~/platform/list-params";
import { todayIn } from "~/features/bookings/stay-dates";
import { listTierChoices } from "~/features/hive-tiers/hive-tiers.server";
import { listHiveChoices } from "~/features/hives/hives.server";
import { ResetPasswordDialog } from "~/features/users/reset-password-dialog";
import { mayResetAdopterPassword } from "~/features/users/staff-password-reset.server";
import { personPath } from "~/features/people/person-links";
import { formatUsd, toCents } from "~/platform/money";
import { formatDay } from "~/platform/day-format";
import { plural } from "~/platform/plural";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { DataTable } from "~/ui/admin/data-table";
import { lastSubmission } from "~/ui/admin/last-submission";
import { DialogButtons } from "~/ui/admin/dialog-buttons";
import { AddButton, editAndDelete } from "~/ui/admin/record-controls";
import { RowActions } from "~/ui/admin/row-actions";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { DeleteRecordDialog } from "~/ui/admin/delete-record-dialog";
import { BulkButton, DecisionButton } from "~/ui/admin/decision-button";
import { ScreenHeader } from "~/ui/admin/screen-header";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { SelectField } from "~/ui/forms/select-field";
import { TextAreaField } from "~/ui/forms/text-area-field";
import { TextField } from "~/ui/forms/text-field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/hive-adoptions";

const addAdoptionSchema = clientSchema(() => import("~/features/adoptions/admin-adoption.schema").then((m) => m.AddAdoptionSchema));
const deleteAdoptionSchema = clientSchema(() => import("~/features/adoptions/admin-adoption.schema").then((m) => m.DeleteAdoptionSchema));
const editAdoptionSchema = clientSchema(() => import("~/features/adoptions/admin-adoption.schema").then((m) => m.EditAdoptionSchema));
const recordPaymentSchema = clientSchema(() => import("~/features/adoptions/admin-adoption.schema").then((m) => m.RecordPaymentSchema));

export const meta: Route.MetaFunction = () => [{ title: "Hive Adoptions | Apiary Back-office" }];

type TierChoice = Awaited<ReturnType<typeof listTierChoices>>[number];
type HiveChoice = Awaited<ReturnType<typeof listHiveChoices>>[number];

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(adoptionsScreen, args);
  const ctx = backOfficeContext(args);
  const search = new URL(args.request.url).searchParams;
  const today = todayIn(BACK_OFFICE_TIME_ZONE);
  const [tiers, people] = await Promise.all([listTierChoices(ctx.platform.db), search.has("people") ? searchSponsorEmails(ctx, search.get("people") ?? "") : []]);
  const base = { ...list, tiers, people, today, payments: [] as PaymentRow[], hives: [] as HiveChoice[], resetPassword: false };
  // Record Payment for whoever may change adoptions; Reset Password only for those who may also
  // change the sponsor's account (every adopter is a sponsor).
  const resetPassword = mayResetAdopterPassword(ctx.actor);
  const other = search.get("dialog");
  if ((other === "payment" && list.can.update) || (other === "password" && resetPassword)) {
    const adoption = await getAdoption(ctx, search.get("id") ?? "");
    if (adoption) {
      return { ...base, resetPassword, dialog: other, adoption, payments: other === "payment" ? await listPayments(ctx, adoption.id) : [] };
    }
  }
  const { dialog, record: adoption } = await recordDialog(args, list.can, getAdoption);
  const payments = dialog === "edit" ? await listPayments(ctx, adoption.id) : [];
  return { ...base, resetPassword, dialog, adoption, payments, hives: dialog === "add" || dialog === "edit" ? await listHiveChoices(ctx.platform.db) : [] };
}

export function action(args: Route.ActionArgs) {
  return runScreenCommand(adoptionsScreen, args);
}

export default function HiveAdoptionsScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  useLiveRevalidation(adoptionsScreen.liveTables);
  const { rows, total, params, pageCount, can, dialog, adoption, tiers, payments, today, hives, resetPassword } = loaderData;
  // Cancel goes back where the dialog was opened from: the list, or a person's record.
  const listHref = returnPathOf(new URLSearchParams(useLocation().search)) ?? `${adoptionsScreen.path}${listSearch(params)}`;
  const lastResult = lastSubmission(actionData);

  return (
    <>
      <ScreenHeader screen={adoptionsScreen}>{can.create && <AddButton params={params} label="Add Adoption" />}</ScreenHeader>
      <DataTable
        screen={adoptionsScreen}
        rows={rows}
        total={total}
        params={params}
        pageCount={pageCount}
        rowKey={(row) => row.id}
        rowLabel={(row) => `the adoption of ${row.email}`}
        rowHref={can.update ? (row) => dialogSearch(params, "edit", row.id) : undefined}
        actions={(row) => (
          <div className="flex w-max flex-col items-stretch gap-1.5 [&_button]:w-full">
            {can.update && row.status === "pending" && <ActivateButton id={row.id} email={row.email} />}
            <RowActions
              label={`the adoption of ${row.email}`}
              actions={[
                // Everything about the sponsor on one page, for whoever may see this list.
                { label: "Sponsor's record", to: personPath(row.userId) },
                ...(can.update ? [{ label: "Record Payment", to: dialogSearch(params, "payment", row.id) }] : []),
                ...(resetPassword ? [{ label: "Reset Password", to: dialogSearch(params, "password", row.id) }] : []),
                ...editAndDelete(can, params, row.id),
              ]}
            />
          </div>
        )}
        selection={can.update ? { selectable: (row) => row.status === "pending", hint: "Tick pending adoptions to activate several at once.", actions: <BulkButton intent="bulk-activate" label="Activate selected" variant="primary" /> } : undefined}
        filterOptions={{ tier: tiers.map((tier) => ({ value: tier.id, label: tier.isActive ? tier.name : `${tier.name} (inactive)` })) }}
      />
      {(dialog === "add" || dialog === "edit") && (
        <AdoptionDialog
          key={adoption?.id ?? "new"}
          adoption={adoption}
          tiers={tiers}
          hives={hives}
          payments={payments}
          today={today}
          paymentHref={adoption ? `${adoptionsScreen.path}${dialogSearch(params, "payment", adoption.id)}` : ""}
          closeHref={listHref}
          lastResult={lastResult}
          activate={can.update && adoption?.status === "pending"}
        />
      )}
      {dialog === "payment" && adoption && <PaymentDialog adoption={adoption} tier={tiers.find((tier) => tier.id === adoption.tierId)} payments={payments} today={today} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "password" && adoption && <ResetPasswordDialog person={{ id: adoption.userId, email: adoption.email }} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "delete" && adoption && (
        <DeleteRecordDialog title="Delete Adoption" formId="delete-adoption" schema={deleteAdoptionSchema} id={adoption.id} closeHref={listHref} lastResult={lastResult}>
          <p>Are you sure you want to delete this adoption?</p>
          <p className="mt-2 text-ink-muted">
            <strong className="text-ink">{adoption.email}</strong>, {adoption.tierName}
            {adoption.hiveName ? ` (${adoption.hiveName})` : ""}, since {formatDay(adoption.startDate)}. Its payment history goes with it. This cannot be undone, and the sponsor is not told: to end an adoption with the sponsor,
            set its status to Cancelled instead.
          </p>
        </DeleteRecordDialog>
      )}
    </>
  );
}

/** The sponsor's e-mail, with suggestions from the accounts as it is typed (a plain e-mail field without JavaScript). */
function useSponsorSuggestions() {
  const fetcher = useFetcher<typeof loader>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const suggest = (typed: string) => {
    clearTimeout(timer.current);
    if (typed.trim().length < 2) return;
    timer.current = setTimeout(() => fetcher.load(`${adoptionsScreen.path}?people=${encodeURIComponent(typed.trim())}`), 200);
  };
  return { people: fetcher.data?.people ?? [], suggest };
}

/** Activate an adoption waiting for it: one click, the sponsor e-mailed (with a few seconds to undo). */
function ActivateButton({ id, email }: { id: string; email: string }) {
  return <DecisionButton intent="activate" id={id} label="Activate" busyLabel="Activating…" name={`the adoption of ${email}`} variant="primary" />;
}

function AdoptionDialog({
  adoption,
  tiers,
  hives,
  payments,
  today,
  paymentHref,
  closeHref,
  lastResult,
  activate,
}: {
  adoption: AdoptionRow | null;
  tiers: TierChoice[];
  hives: HiveChoice[];
  payments: PaymentRow[];
  today: string;
  paymentHref: string;
  closeHref: string;
  lastResult: SubmissionResult<string[]> | null;
  /** An adoption waiting for activation, for someone who may activate it: Activate above the form. */
  activate: boolean;
}) {
  const schema = adoption ? editAdoptionSchema : addAdoptionSchema;
  const { people, suggest } = useSponsorSuggestions();
  // The spec's defaults for a new adoption: pending, monthly, credit card, total paid 0.
  const [form, fields] = useForm({
    id: adoption ? "edit-adoption" : "add-adoption",
    lastResult,
    defaultValue: {
      userEmail: adoption?.email ?? "",
      tierId: adoption?.tierId ?? "",
      status: adoption?.status ?? "pending",
      paymentFrequency: adoption?.paymentFrequency ?? "monthly",
      paymentMethod: adoption?.paymentMethod ?? "credit_card",
      hiveName: adoption?.hiveName ?? "",
      hiveId: adoption?.hiveId ?? "",
      startDate: adoption?.startDate ?? today,
      endDate: adoption?.endDate ?? "",
      totalPaid: adoption ? moneyText(adoption.totalPaid) : "0",
      notes: adoption?.notes ?? "",
    },
    onValidate: schema.validate,
    ...checkedOnSubmit,
  });
  const tier = tiers.find((choice) => choice.id === fields.tierId.value);
  const frequency = fields.paymentFrequency.value === "annual" ? "annual" : "monthly";
  return (
    <ScreenDialog title={adoption ? "Edit Adoption" : "Add Adoption"} closeHref={closeHref}>
      {adoption && activate && (
        <section aria-label="Activation" className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-border bg-honey-50 px-3 py-2.5">
          <p className="min-w-0 flex-1 basis-48 text-sm">This adoption is waiting to be made active. The sponsor is e-mailed when it is.</p>
          <ActivateButton id={adoption.id} email={adoption.email} />
        </section>
      )}
      <SchemaForm form={form} schema={schema} preventScrollReset className="flex flex-col gap-4">
        {adoption && <input type="hidden" name="id" value={adoption.id} />}
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <TextField field={fields.userEmail} label="Sponsor's e-mail" type="email" autoComplete="off" maxLength={255} list="sponsor-emails" onValueChange={suggest} hint="Type part of it to pick from the sponsors' accounts." />
        <datalist id="sponsor-emails">
          {people.map((email) => (
            <option key={email} value={email} />
          ))}
        </datalist>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            field={fields.tierId}
            label="Tier"
            placeholder="Choose a tier"
            options={tiers.map((choice) => ({ value: choice.id, label: choice.isActive ? choice.name : `${choice.name} (inactive)` }))}
            hint={tier ? `${formatUsd(toCents(frequency === "annual" ? tier.priceAnnual : tier.priceMonthly))} per ${frequency === "annual" ? "year" : "month"}` : undefined}
          />
          <SelectField field={fields.status} label="Status" options={ADOPTION_STATUSES.map((status) => ({ value: status, label: ADOPTION_STATUS_LABELS[status] }))} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField field={fields.paymentFrequency} label="Frequency" options={PAYMENT_FREQUENCIES.map((value) => ({ value, label: PAYMENT_FREQUENCY_LABELS[value] }))} />
          <SelectField field={fields.paymentMethod} label="Payment method" options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.hiveName} label="Hive name" optional maxLength={60} autoComplete="off" hint="The sponsor's own name for their hive." />
          <SelectField
            field={fields.hiveId}
            label="Hive"
            optional
            placeholder="Not assigned yet"
            // Active hives, and the one it has now whatever its status.
            options={hives
              .filter((hive) => hive.status === "active" || hive.id === adoption?.hiveId)
              .map((hive) => ({ value: hive.id, label: `${hive.name} (${plural(hive.adoptions, "adoption")})`, group: hive.locationName }))}
            hint="The registry's hive it is assigned to: its sponsor gets its updates."
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.startDate} label="Start date" type="date" />
          <TextField field={fields.endDate} label="End date" type="date" optional hint="Becomes expired after this day; the sponsor is reminded 30 days before." />
        </div>
        <TextField field={fields.totalPaid} label="Total paid ($)" type="number" inputMode="decimal" min={0} step="0.01" hint={adoption ? "Record Payment adds to it and keeps the payment's details." : undefined} />
        <TextAreaField field={fields.notes} label="Notes" optional maxLength={2000} rows={3} />
        {adoption && <PaymentHistory payments={payments} recordHref={paymentHref} />}
        {adoption?.status === "active" && (
          <a href={`/certificates/${adoption.id}`} download className="self-start rounded text-sm font-semibold text-forest-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest-700">
            Download the adoption certificate (PDF)
          </a>
        )}
        <p className="text-sm text-ink-muted">The sponsor is e-mailed when the adoption becomes active, is cancelled or expires. An active adoption sets the tier on their profile.</p>
        <DialogButtons closeHref={closeHref} label={adoption ? "Save Changes" : "Add Adoption"} intent={adoption ? "edit" : "add"} />
      </SchemaForm>
    </ScreenDialog>
  );
}

function PaymentHistory({ payments, recordHref }: { payments: PaymentRow[]; recordHref?: string }) {
  return (
    <section aria-labelledby="payment-history" className="rounded-xl border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="payment-history" className="text-base font-semibold">
          Payment history
        </h3>
        {recordHref && (
          <Link to={recordHref} preventScrollReset className="text-sm font-semibold text-forest-800 underline underline-offset-2">
            Record Payment
          </Link>
        )}
      </div>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No payments recorded yet.</p>
      ) : (
        <ul className="mt-2 text-sm" aria-label="Payments, newest first">
          {payments.map((payment) => (
            <li key={payment.id} className="border-t border-border py-1.5">
              <span className="flex flex-wrap justify-between gap-x-3">
                <span>
                  {formatDay(payment.paymentDate)} · {PAYMENT_METHOD_LABELS[payment.paymentMethod]}
                </span>
                <span className="font-semibold">${moneyText(payment.amount)}</span>
              </span>
              {payment.notes && <span className="block text-ink-muted [overflow-wrap:anywhere]">{payment.notes}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Record Payment, offering what the sponsor owes for one period: the tier's price for the
 * adoption's frequency (monthly or annual), which staff change for any other amount.
 */
function PaymentDialog({
  adoption,
  tier,
  payments,
  today,
  closeHref,
  lastResult,
}: {
  adoption: AdoptionRow;
  tier: TierChoice | undefined;
  payments: PaymentRow[];
  today: string;
  closeHref: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const annual = adoption.paymentFrequency === "annual";
  const price = tier ? moneyText(annual ? tier.priceAnnual : tier.priceMonthly) : "";
  const [form, fields] = useForm({
    id: "record-payment",
    lastResult,
    defaultValue: { amount: price, paymentMethod: adoption.paymentMethod, paymentDate: today, notes: "" },
    onValidate: recordPaymentSchema.validate,
    ...checkedOnSubmit,
  });
  return (
    <ScreenDialog title="Record Payment" description={`${adoption.email}, ${adoption.tierName}. Total paid so far: $${moneyText(adoption.totalPaid)}.`} closeHref={closeHref}>
      <SchemaForm form={form} schema={recordPaymentSchema} preventScrollReset className="flex flex-col gap-4">
        <input type="hidden" name="adoptionId" value={adoption.id} />
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.amount}
            label="Amount ($)"
            type="number"
            inputMode="decimal"
            min={0.01}
            step="0.01"
            hint={tier ? `The ${tier.name} tier's ${annual ? "annual" : "monthly"} price: $${price}.` : undefined}
          />
          <SelectField field={fields.paymentMethod} label="Payment method" options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))} />
        </div>
        <TextField field={fields.paymentDate} label="Payment date" type="date" max={today} />
        <TextAreaField field={fields.notes} label="Notes" optional maxLength={500} rows={2} hint="A receipt number, who paid, or anything to remember. Only the team sees it: the receipt leaves it out." />
        <PaymentHistory payments={payments} />
        <p className="text-sm text-ink-muted">The sponsor is e-mailed a receipt: the amount, the method, the day and their total paid so far.</p>
        <DialogButtons closeHref={closeHref} label="Record Payment" intent="payment" />
      </SchemaForm>
    </ScreenDialog>
  );
}
