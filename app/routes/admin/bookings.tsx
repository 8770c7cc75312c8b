import { useForm, type SubmissionResult } from "@conform-to/react";
import { listLocationChoices } from "~/features/assets/assets.server";
import { backOfficeContext, loadScreenList, recordDialog, runScreenCommand } from "~/features/back-office/screen-route.server";
import { useLocation } from "react-router";
import { dialogSearch, listSearch, returnPathOf } from "~/platform/list-params";
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES } from "~/features/bookings/booking-options";
import { getBooking, listBookableAssets, type BookingRow } from "~/features/bookings/admin-bookings.server";
import { OccupancyCalendar } from "~/features/bookings/occupancy-calendar";
import { loadOccupancy } from "~/features/bookings/occupancy.server";
import { bookingsScreen } from "~/features/bookings/bookings.screen";
import { guestPrefillOf } from "~/features/people/person-links";
import { addDays, isCalendarDay, nightsBetween } from "~/features/bookings/stay-dates";
import { formatDay } from "~/platform/day-format";
import { formatUsd, toCents } from "~/platform/money";
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
import { TextField } from "~/ui/forms/text-field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/bookings";

const addBookingSchema = clientSchema(() => import("~/features/bookings/admin-booking.schema").then((m) => m.AddBookingSchema));
const deleteBookingSchema = clientSchema(() => import("~/features/bookings/admin-booking.schema").then((m) => m.DeleteBookingSchema));
const editBookingSchema = clientSchema(() => import("~/features/bookings/admin-booking.schema").then((m) => m.EditBookingSchema));

export const meta: Route.MetaFunction = () => [{ title: "Bookings | Apiary Back-office" }];

type AssetChoice = Awaited<ReturnType<typeof listBookableAssets>>[number];
type Prefill = Partial<{ assetId: string; locationId: string; checkInDate: string; checkOutDate: string; totalAmount: string; guestName: string; guestEmail: string; guestPhone: string }>;

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(bookingsScreen, args);
  const ctx = backOfficeContext(args);
  const [locations, assets] = list.failure ? [[], []] : await Promise.all([listLocationChoices(ctx.platform.db), listBookableAssets(ctx.platform.db)]);
  const occupancy = list.failure ? null : await loadOccupancy(ctx, { location: list.params.filters.calendar, month: list.params.filters.month });
  const { dialog, record: booking } = await recordDialog(args, list.can, getBooking);
  // A night clicked in the calendar: Add Booking for that asset and night.
  const prefill = dialog === "add" ? prefillOf(new URL(args.request.url).searchParams, assets) : null;
  return { ...list, locations, assets, occupancy, dialog, booking, prefill };
}

function prefillOf(search: URLSearchParams, assets: AssetChoice[]): Prefill {
  const asset = assets.find((candidate) => candidate.id === search.get("for"));
  const night = search.get("night") ?? "";
  const stay = asset && isCalendarDay(night) ? { assetId: asset.id, locationId: asset.locationId, checkInDate: night, checkOutDate: addDays(night, 1), totalAmount: dollars(toCents(asset.pricePerNight)) } : {};
  // "Book a stay" from a person's record: their name, e-mail and phone.
  return { ...stay, ...guestPrefillOf(search) };
}

export function action(args: Route.ActionArgs) {
  return runScreenCommand(bookingsScreen, args);
}

export default function BookingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast ?? loaderData.failure ?? undefined);
  useLiveRevalidation(bookingsScreen.liveTables);
  const { rows, total, params, pageCount, can, dialog, booking, locations, assets, occupancy, prefill } = loaderData;
  // Cancel goes back where the dialog was opened from: the list, or a person's record.
  const listHref = returnPathOf(new URLSearchParams(useLocation().search)) ?? `${bookingsScreen.path}${listSearch(params)}`;
  const lastResult = lastSubmission(actionData);
  const several = locations.length > 1;

  return (
    <>
      <ScreenHeader screen={bookingsScreen}>
        {can.create && <AddButton params={params} label="Add Booking" />}
      </ScreenHeader>
      {occupancy && (
        <OccupancyCalendar
          occupancy={occupancy}
          monthHref={(month) => listSearch(params, { filters: { month } })}
          locationHref={(calendar) => listSearch(params, { filters: { calendar } })}
          editHref={can.update ? (id) => dialogSearch(params, "edit", id) : undefined}
          addHref={can.create ? (assetId, night) => `${dialogSearch(params, "add")}&for=${assetId}&night=${night}` : undefined}
        />
      )}
      <DataTable
        screen={bookingsScreen}
        rows={rows}
        total={total}
        params={params}
        pageCount={pageCount}
        rowKey={(row) => row.id}
        rowLabel={(row) => `the booking of ${row.guestName}`}
        rowHref={can.update ? (row) => dialogSearch(params, "edit", row.id) : undefined}
        actions={
          can.update || can.delete
            ? (row) => (
                // One above the other: the column stays as narrow as the Actions button at 1280 px.
                <div className="flex w-max flex-col items-stretch gap-1.5 [&_button]:w-full">
                  {can.update && row.status === "pending" && <BookingDecisions id={row.id} name={`the booking of ${row.guestName}`} />}
                  <RowActions label={`the booking of ${row.guestName}`} actions={editAndDelete(can, params, row.id)} />
                </div>
              )
            : undefined
        }
        selection={
          can.update
            ? {
                selectable: (row) => row.status === "pending",
                hint: "Tick pending requests to confirm or decline several at once.",
                actions: (
                  <>
                    <BulkButton intent="bulk-confirm" label="Confirm selected" variant="primary" />
                    <BulkButton intent="bulk-decline" label="Decline selected" />
                  </>
                ),
              }
            : undefined
        }
        extraFilters={
          <>
            {params.filters.calendar && <input type="hidden" name="calendar" value={params.filters.calendar} />}
            {params.filters.month && <input type="hidden" name="month" value={params.filters.month} />}
          </>
        }
        empty={loaderData.failure ? "The bookings could not be read. Reload the page in a moment." : undefined}
        filterOptions={{
          location: locations.map((location) => ({ value: location.id, label: location.name })),
          asset: assets.map((asset) => ({ value: asset.id, label: asset.name, group: several ? asset.locationName : undefined })),
        }}
      />
      {(dialog === "add" || dialog === "edit") && (
        <BookingDialog key={booking?.id ?? "new"} booking={booking} prefill={prefill} locations={locations} assets={assets} closeHref={listHref} lastResult={lastResult} decide={can.update && booking?.status === "pending"} />
      )}
      {dialog === "delete" && booking && (
        <DeleteRecordDialog title="Delete Booking" formId="delete-booking" schema={deleteBookingSchema} id={booking.id} closeHref={listHref} lastResult={lastResult}>
          <p>Are you sure you want to delete this booking?</p>
          <p className="mt-2 text-ink-muted">
            <strong className="text-ink">{booking.guestName}</strong>, {booking.assetName}, {formatDay(booking.checkInDate)} – {formatDay(booking.checkOutDate)}. This cannot be undone, and the guest is not told: to
            call off a stay with the guest, set its status to Cancelled instead.
          </p>
        </DeleteRecordDialog>
      )}
    </>
  );
}

const priceFor = (asset: AssetChoice | undefined, nights: number) => (asset && nights >= 1 ? toCents(asset.pricePerNight) * nights : null);
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Add and Edit. Nights follow the dates (and the dates follow a typed number of nights); the
 * total follows nights × the asset's price whenever either changes, and can then be changed by
 * hand (a discount). The server checks everything again.
 */
/** Confirm and Decline of a request waiting for a decision: one click each, the guest e-mailed (with a few seconds to undo). */
function BookingDecisions({ id, name }: { id: string; name: string }) {
  return (
    <>
      <DecisionButton intent="confirm" id={id} label="Confirm" busyLabel="Confirming…" name={name} variant="primary" />
      <DecisionButton intent="decline" id={id} label="Decline" busyLabel="Declining…" name={name} />
    </>
  );
}

function BookingDialog({
  booking,
  prefill,
  locations,
  assets,
  closeHref,
  lastResult,
  decide,
}: {
  booking: BookingRow | null;
  prefill: Prefill | null;
  locations: { id: string; name: string }[];
  assets: AssetChoice[];
  closeHref: string;
  lastResult: SubmissionResult<string[]> | null;
  /** A request waiting for a decision, for someone who may make it: Confirm and Decline above the form. */
  decide: boolean;
}) {
  const schema = booking ? editBookingSchema : addBookingSchema;
  const [form, fields] = useForm({
    id: booking ? "edit-booking" : "add-booking",
    lastResult,
    // The spec's defaults for a new booking: 2 guests, 1 night, pending.
    defaultValue: {
      locationId: booking?.locationId ?? prefill?.locationId ?? (locations.length === 1 ? locations[0]!.id : ""),
      assetId: booking?.assetId ?? prefill?.assetId ?? "",
      guestName: booking?.guestName ?? prefill?.guestName ?? "",
      guestEmail: booking?.guestEmail ?? prefill?.guestEmail ?? "",
      guestPhone: booking?.guestPhone ?? prefill?.guestPhone ?? "",
      numberOfGuests: String(booking?.numberOfGuests ?? 2),
      numberOfNights: String(booking?.numberOfNights ?? 1),
      totalAmount: booking ? dollars(toCents(booking.totalAmount)) : (prefill?.totalAmount ?? ""),
      status: booking?.status ?? "pending",
      checkInDate: booking?.checkInDate ?? prefill?.checkInDate ?? "",
      checkOutDate: booking?.checkOutDate ?? prefill?.checkOutDate ?? "",
    },
    onValidate: schema.validate,
    ...checkedOnSubmit,
  });
  const locationId = String(fields.locationId.value ?? "");
  const asset = assets.find((candidate) => candidate.id === fields.assetId.value);
  const nights = Number(fields.numberOfNights.value);
  const suggested = priceFor(asset, nights);
  const set = (name: string, value: string) => form.update({ name, value });
  const reprice = (assetChoice: AssetChoice | undefined, nightCount: number) => {
    const cents = priceFor(assetChoice, nightCount);
    if (cents !== null) set(fields.totalAmount.name, dollars(cents));
  };

  function onCheckIn(checkIn: string) {
    if (!isCalendarDay(checkIn)) return;
    const checkOut = String(fields.checkOutDate.value ?? "");
    if (isCalendarDay(checkOut) && checkOut > checkIn) {
      set(fields.numberOfNights.name, String(nightsBetween(checkIn, checkOut)));
      reprice(asset, nightsBetween(checkIn, checkOut));
    } else {
      const keep = nights >= 1 ? nights : 1;
      set(fields.checkOutDate.name, addDays(checkIn, keep));
      reprice(asset, keep);
    }
  }
  function onCheckOut(checkOut: string) {
    const checkIn = String(fields.checkInDate.value ?? "");
    if (!isCalendarDay(checkIn) || !isCalendarDay(checkOut) || checkOut <= checkIn) return;
    set(fields.numberOfNights.name, String(nightsBetween(checkIn, checkOut)));
    reprice(asset, nightsBetween(checkIn, checkOut));
  }
  function onNights(value: string) {
    const count = Number(value);
    const checkIn = String(fields.checkInDate.value ?? "");
    if (!Number.isInteger(count) || count < 1 || count > 366) return;
    if (isCalendarDay(checkIn)) set(fields.checkOutDate.name, addDays(checkIn, count));
    reprice(asset, count);
  }
  function onLocation(value: string) {
    if (asset && asset.locationId !== value) set(fields.assetId.name, "");
  }
  function onAsset(value: string) {
    const chosen = assets.find((candidate) => candidate.id === value);
    if (chosen && chosen.locationId !== locationId) set(fields.locationId.name, chosen.locationId);
    reprice(chosen, nights);
  }

  // Only the chosen location's assets; all of them, by location, until one is chosen (and without JavaScript).
  const assetOptions = assets
    .filter((candidate) => !locationId || candidate.locationId === locationId)
    .map((candidate) => ({ value: candidate.id, label: candidate.status === "available" ? candidate.name : `${candidate.name} (${candidate.status})`, group: locationId ? undefined : candidate.locationName }));

  return (
    <ScreenDialog title={booking ? "Edit Booking" : "Add Booking"} closeHref={closeHref}>
      {booking && decide && (
        <section aria-label="Decision" className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-border bg-honey-50 px-3 py-2.5">
          <p className="min-w-0 flex-1 basis-48 text-sm">This request is waiting for a decision. The guest is e-mailed either way.</p>
          <div className="flex gap-2">
            <BookingDecisions id={booking.id} name={`the booking of ${booking.guestName}`} />
          </div>
        </section>
      )}
      <SchemaForm form={form} schema={schema} preventScrollReset className="flex flex-col gap-4">
        {booking && <input type="hidden" name="id" value={booking.id} />}
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField field={fields.locationId} label="Location" placeholder="Choose a location" options={locations.map((location) => ({ value: location.id, label: location.name }))} onValueChange={onLocation} />
          <SelectField field={fields.assetId} label="Asset" placeholder="Choose an asset" options={assetOptions} onValueChange={onAsset} />
        </div>
        <TextField field={fields.guestName} label="Guest name" autoComplete="off" maxLength={100} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.guestEmail} label="Guest email" type="email" autoComplete="off" maxLength={255} />
          <TextField field={fields.guestPhone} label="Phone" type="tel" autoComplete="off" optional maxLength={40} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.checkInDate} label="Check-in" type="date" onValueChange={onCheckIn} />
          <TextField field={fields.checkOutDate} label="Check-out" type="date" onValueChange={onCheckOut} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.numberOfNights} label="Nights" type="number" inputMode="numeric" min={1} max={366} step={1} onValueChange={onNights} />
          <TextField field={fields.numberOfGuests} label="Guests" type="number" inputMode="numeric" min={1} max={50} step={1} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.totalAmount}
            label="Total amount ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            hint={asset && suggested !== null ? `${plural(nights, "night")} × ${formatUsd(toCents(asset.pricePerNight))} = ${formatUsd(suggested)}. Change it for a discount.` : "Follows the nights and the asset's price; change it for a discount."}
          />
          <SelectField field={fields.status} label="Status" options={BOOKING_STATUSES.map((status) => ({ value: status, label: BOOKING_STATUS_LABELS[status] }))} />
        </div>
        <p className="text-sm text-ink-muted">The guest is e-mailed when the booking is added or changed: a confirmation with a calendar file when it is confirmed, a cancellation when it is cancelled.</p>
        <DialogButtons closeHref={closeHref} label={booking ? "Save Changes" : "Add Booking"} intent={booking ? "edit" : "add"} />
      </SchemaForm>
    </ScreenDialog>
  );
}
