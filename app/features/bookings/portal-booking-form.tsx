import { useForm, type SubmissionResult } from "@conform-to/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { formatUsd } from "~/platform/money";
import type { Toast } from "~/platform/toast";
import { LoadFailureNotice } from "~/ui/errors/load-failure-notice";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { TextField } from "~/ui/forms/text-field";
import { formatClockTime, formatDay } from "~/ui/format";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { Button } from "~/ui/primitives/button";
import type { BookableAsset } from "./availability.server";
import { MAX_GUESTS } from "./booking-limits";
import { clientSchema } from "~/ui/forms/client-schema";
import { portalIssueToast } from "./booking-messages";
import { addDays, canCheckIn, isCalendarDay, isNightBooked, localDay, nightsBetween, overlapsAny, type BookedRange } from "./stay-dates";
import { MAX_NIGHTS } from "./booking-limits";
import { useSending } from "~/ui/forms/use-sending";

/** A location or stay chosen: the form goes at once, in place of the page's history entry. */
const CHOICE_SUBMIT = { preventScrollReset: true, replace: true } as const;

// The widget's calendar, loaded once a stay is chosen (as in the widget).
const CheckInCalendar = lazy(() => import("./check-in-calendar"));
const bookingRequest = clientSchema(() => import("./booking.schema").then((m) => m.BookingRequestSchema));
const NIGHT_CHOICES = Array.from({ length: MAX_NIGHTS }, (_, i) => i + 1);

export type PortalBookingData = {
  locations: { id: string; name: string }[];
  locationId: string | null;
  assets: BookableAsset[];
  asset: BookableAsset | null;
  today: string | null;
  booked: BookedRange[];
};

/** Who looks at the portal; staff are barred from its forms, with the words for the tab they are on. */
/** `email` is what the page shows: a phone or wallet account's own identity when it has no address (`needsEmail`). */
export type PortalViewer = { kind: "anonymous" } | { kind: "customer"; email: string; name: string; needsEmail?: boolean } | { kind: "admin"; email: string; barred: string };

const selectClasses = "min-h-11 w-full rounded-xl border border-border bg-surface px-3.5 text-base text-ink shadow-sm focus-visible:border-forest-700";
const labelClasses = "text-sm font-semibold text-ink";

/**
 * The Glamping tab: location, then asset, then the details form. Each step is a plain form, so
 * the flow works without JavaScript; with it, choosing an option moves on by itself.
 */
export function PortalBookingForm({
  data,
  failure,
  viewer,
  lastResult,
}: {
  data: PortalBookingData;
  /** Set when a list could not be loaded: said where that list would be, and the flow stops there. */
  failure?: Toast | null;
  viewer: PortalViewer;
  lastResult?: SubmissionResult<string[]>;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const autoSubmit = (event: React.ChangeEvent<HTMLSelectElement>) => {
    if (event.currentTarget.value) submit(event.currentTarget.form, CHOICE_SUBMIT);
  };
  const locationSelect = useChoiceMadeBeforeCode(data.locationId ?? "");
  const assetSelect = useChoiceMadeBeforeCode(data.asset?.id ?? "");

  if (data.locations.length === 0) {
    if (failure) return <LoadFailureNotice failure={failure} />;
    return <p className="rounded-2xl bg-honey-100 p-4 text-ink">No stays can be booked right now. Please check back soon.</p>;
  }

  return (
    <div className="flex flex-col gap-6">
      <Form method="get" className="flex flex-col gap-1.5 sm:flex-row sm:items-end sm:gap-3">
        <input type="hidden" name="tab" value="booking" />
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="portal-location" className={labelClasses}>
            Location
          </label>
          <select ref={locationSelect} id="portal-location" name="location" defaultValue={data.locationId ?? ""} onChange={autoSubmit} className={selectClasses} key={data.locationId ?? "none"}>
            <option value="" disabled>
              Choose a location
            </option>
            {data.locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </select>
        </div>
        {!hydrated && (
          <Button type="submit" variant="outline">
            Show stays
          </Button>
        )}
      </Form>

      {data.locationId && !(failure && data.assets.length === 0) && (
        <Form method="get" className="flex flex-col gap-1.5 sm:flex-row sm:items-end sm:gap-3">
          <input type="hidden" name="tab" value="booking" />
          <input type="hidden" name="location" value={data.locationId} />
          <div className="flex flex-1 flex-col gap-1.5">
            <label htmlFor="portal-asset" className={labelClasses}>
              Stay
            </label>
            <select ref={assetSelect} id="portal-asset" name="asset" defaultValue={data.asset?.id ?? ""} onChange={autoSubmit} className={selectClasses} key={data.asset?.id ?? `none-${data.locationId}`}>
              <option value="" disabled>
                Choose what to book
              </option>
              {data.assets.map((asset) => (
                <option key={asset.id} value={asset.id}>
                  {asset.name} · {formatUsd(asset.pricePerNightCents)}/night
                </option>
              ))}
            </select>
          </div>
          {!hydrated && (
            <Button type="submit" variant="outline">
              Continue
            </Button>
          )}
        </Form>
      )}

      {failure && <LoadFailureNotice failure={failure} />}

      {data.asset && data.today && <BookingDetails key={data.asset.id} asset={data.asset} today={data.today} booked={data.booked} viewer={viewer} lastResult={lastResult} />}
    </div>
  );
}

function BookingDetails({
  asset,
  today,
  booked,
  viewer,
  lastResult,
}: {
  asset: BookableAsset;
  today: string;
  booked: BookedRange[];
  viewer: PortalViewer;
  lastResult?: SubmissionResult<string[]>;
}) {
  const processing = useSending("book");
  const hydrated = useHydrated();
  const [checkIn, setCheckIn] = useState("");
  const [checkOut, setCheckOut] = useState("");
  const [pickedCheckIn, setPickedCheckIn] = useState<string | undefined>();
  const [calendarNights, setCalendarNights] = useState(1);
  const [form, fields] = useForm({
    id: "portal-booking",
    lastResult,
    defaultValue: { guestName: viewer.kind === "customer" ? viewer.name : "", numberOfGuests: "2" },
    onValidate: bookingRequest.validate,
    ...checkedOnSubmit,
  });
  // More nights can make the picked day run into a booked night: it no longer counts then (as in the widget).
  const fittingCheckIn = pickedCheckIn && !overlapsAny(pickedCheckIn, addDays(pickedCheckIn, calendarNights), booked) ? pickedCheckIn : undefined;
  const dateError = fields.checkInDate.errors?.[0] ?? fields.checkOutDate.errors?.[0];
  const nights = hydrated ? (fittingCheckIn ? calendarNights : 0) : isCalendarDay(checkIn) && isCalendarDay(checkOut) ? nightsBetween(checkIn, checkOut) : 0;
  const signedIn = viewer.kind === "customer";

  return (
    <SchemaForm
      form={form}
      schema={bookingRequest}
      issueToast={portalIssueToast}
      className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-6"
      aria-labelledby="booking-details-title"
    >
      <div>
        <h3 id="booking-details-title" className="text-xl font-bold text-ink">
          Booking details · {asset.name}
        </h3>
        <p className="mt-1 text-sm text-ink-muted">
          {formatUsd(asset.pricePerNightCents)} per night · check-in from {formatClockTime(asset.checkInTime)}, check-out by {formatClockTime(asset.checkOutTime)}
        </p>
        {asset.description && <p className="mt-2 text-sm text-ink-muted">{asset.description}</p>}
      </div>
      <input type="hidden" name="intent" value="book" />
      <input type="hidden" name="assetId" value={asset.id} />
      <FormError errors={form.errors} id={form.errorId} />

      {hydrated ? (
        // The widget's calendar: past, booked and too-short days can't be picked. The dates go as the form's fields.
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="portal-nights" className={labelClasses}>
              Nights
            </label>
            <select id="portal-nights" value={calendarNights} onChange={(event) => setCalendarNights(Number(event.target.value))} className={`${selectClasses} sm:w-48`}>
              {NIGHT_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? "night" : "nights"}
                </option>
              ))}
            </select>
          </div>
          <fieldset>
            <legend className={labelClasses}>Check-in date</legend>
            <Suspense fallback={<p className="mt-2 text-sm text-ink-muted">Loading the calendar…</p>}>
              <CheckInCalendar
                today={today}
                checkIn={fittingCheckIn}
                nights={calendarNights}
                isUnavailable={(date) => !canCheckIn(localDay(date), calendarNights, today, booked)}
                isBooked={(date) => isNightBooked(localDay(date), booked)}
                onSelect={(date) => setPickedCheckIn(date ? localDay(date) : undefined)}
              />
            </Suspense>
            <input type="hidden" name="checkInDate" value={fittingCheckIn ?? ""} />
            <input type="hidden" name="checkOutDate" value={fittingCheckIn ? addDays(fittingCheckIn, calendarNights) : ""} />
            {dateError && (
              <p id="portal-dates-error" role="alert" className="mt-2 text-sm font-medium text-red-800">
                {dateError}
              </p>
            )}
          </fieldset>
        </div>
      ) : (
        // Without JavaScript: the browser's own date fields, and the booked stays as a list.
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.checkInDate} label="Check-in date" type="date" min={today} onValueChange={setCheckIn} />
            <TextField field={fields.checkOutDate} label="Check-out date" type="date" min={addDays(isCalendarDay(checkIn) ? checkIn : today, 1)} onValueChange={setCheckOut} />
          </div>
          {booked.length > 0 && (
            <div className="rounded-xl bg-cream-dark/60 p-3 text-sm text-ink">
              <p className="font-semibold">Already booked at {asset.name}:</p>
              <ul className="mt-1 list-disc pl-5">
                {booked.map((range) => (
                  <li key={range.checkIn}>
                    {formatDay(range.checkIn)} to {formatDay(range.checkOut)} (the check-out day is free)
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.guestName} label="Guest name" autoComplete="name" maxLength={100} />
        {signedIn ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="portal-guest-email" className={labelClasses}>
              Guest email
            </label>
            <input
              id="portal-guest-email"
              name="guestEmail"
              type="email"
              readOnly
              value={viewer.email}
              aria-describedby="portal-guest-email-hint"
              className="min-h-11 rounded-xl border border-border bg-muted px-3.5 text-base text-ink"
            />
            <p id="portal-guest-email-hint" className="text-sm text-ink-muted">
              From your account: the confirmation goes here.
            </p>
          </div>
        ) : (
          <TextField field={fields.guestEmail} label="Guest email" type="email" autoComplete="email" maxLength={255} />
        )}
        <TextField field={fields.guestPhone} label="Guest phone" type="tel" autoComplete="tel" optional maxLength={40} />
        <TextField field={fields.numberOfGuests} label="Number of guests" type="number" inputMode="numeric" min={1} max={MAX_GUESTS} />
      </div>

      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-honey-50 p-4 text-ink" aria-live="polite">
        <div>
          <dt className="text-sm text-ink-muted">Nights</dt>
          <dd className="text-lg font-bold">{nights > 0 ? nights : "–"}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Total</dt>
          <dd className="text-lg font-bold">{nights > 0 ? formatUsd(nights * asset.pricePerNightCents) : "–"}</dd>
        </div>
      </dl>
      <p className="-mt-2 text-sm text-ink-muted">This is a request: we'll contact you to confirm it. Nothing is charged now.</p>

      <Button type="submit" size="lg" disabled={processing}>
        {processing ? "Sending request…" : "Request Booking"}
      </Button>
    </SchemaForm>
  );
}

/**
 * This tab's code comes when the tab is shown (customer-portal.tsx); opened by its address, its
 * selects are the server's plain ones until then. A location or stay chosen meanwhile is acted on
 * once the code is here, as if chosen now (React keeps what a select shows, but heard no change).
 */
function useChoiceMadeBeforeCode(shown: string) {
  const select = useRef<HTMLSelectElement>(null);
  const submit = useSubmit();
  useEffect(() => {
    const element = select.current;
    if (element?.value && element.value !== shown) submit(element.form, CHOICE_SUBMIT);
    // Once: when the select becomes React's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return select;
}
