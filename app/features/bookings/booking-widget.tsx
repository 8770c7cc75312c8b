import { lazy, Suspense, useEffect, useId, useMemo, useState } from "react";
import { Link, useFetcher, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import type { HydrateTrigger } from "~/platform/html/deferred-hydration";
import { formatUsd } from "~/platform/money";
import type { Toast } from "~/platform/toast";
import { LoadFailureNotice } from "~/ui/errors/load-failure-notice";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { formatDay } from "~/ui/format";
import { Button } from "~/ui/primitives/button";
import { showToast } from "~/ui/toast/show-toast";
import { useToast } from "~/ui/toast/use-toast";
import type { BookableAsset } from "./availability.server";
import { saveBookingDraft, useBookingDraft, type BookingDraft } from "./booking-draft";
import { MAX_GUESTS } from "./booking-limits";
import { AUTHENTICATION_REQUIRED, missingInformation, type BookingField } from "./messages";
import { addDays, canCheckIn, isNightBooked, localDay, overlapsAny, type BookedRange } from "./stay-dates";

// The calendar shows once an asset is chosen: its code loads then, not with the page.
const CheckInCalendar = lazy(() => import("./check-in-calendar"));

export type BookingWidgetProps = {
  /** Locations with at least one available asset (listBookableLocations). */
  locations: { id: string; name: string }[];
  /** The location chosen first (Stanwood on its own page). */
  defaultLocationId?: string;
  /** The signed-in customer's own name, to fill Name ("" when they gave none). */
  guestName?: string;
  /** Set when the locations could not be loaded (see load-failures.server.ts). */
  failure?: Toast | null;
};

/** Nights offered: 1 to 4, and 5+ (booked as 5). */
const NIGHT_CHOICES = [1, 2, 3, 4, 5] as const;
const GUEST_CHOICES = Array.from({ length: MAX_GUESTS }, (_, i) => i + 1);

const fieldClasses = "min-h-11 w-full rounded-xl border border-border bg-surface px-3.5 text-base text-ink shadow-sm focus-visible:border-forest-700";
const labelClasses = "text-sm font-semibold text-ink";

type RootData = { user: { email: string } | null } | undefined;

/**
 * Reserve Your Dates: location → stay (an asset; the customer-facing word is "Stay") → a calendar where past days, booked nights and
 * check-ins whose stay would run into a booked night can't be picked. The server checks all of
 * it again; the database constraint has the final word.
 */
export function BookingWidget(props: BookingWidgetProps) {
  // Back from signing in (or up): the widget starts again from everything chosen and typed before.
  const saved = useBookingDraft(useLocation().key);
  const draft = saved && props.locations.some((l) => l.id === saved.locationId) ? saved : null;
  return <WidgetForm key={draft ? "from-draft" : "fresh"} {...props} draft={draft} />;
}

function WidgetForm({ locations, defaultLocationId, guestName = "", failure: locationsFailure, draft }: BookingWidgetProps & { draft: BookingDraft | null }) {
  const user = (useRouteLoaderData("root") as RootData)?.user ?? null;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();

  const [locationId, setLocationId] = useState(draft?.locationId ?? defaultLocationId ?? locations[0]?.id ?? "");
  const [chosenAssetId, setAssetId] = useState(draft?.assetId ?? "");
  const [pickedCheckIn, setCheckIn] = useState<string | undefined>(draft?.checkIn);
  const [nights, setNights] = useState(draft?.nights ?? 1);
  const [guests, setGuests] = useState(draft?.guests ?? 2);
  // What they typed before signing in wins over the account's name.
  const [name, setName] = useState(draft?.name || guestName);
  const [email, setEmail] = useState(user?.email ?? "");
  const [phone, setPhone] = useState(draft?.phone ?? "");

  const assetsFetcher = useFetcher<{ assets: BookableAsset[]; failure: Toast | null }>();
  const assets = assetsFetcher.data?.assets ?? [];
  // A location with one stay has it chosen already (the field stays, as the spec lists it).
  const assetId = chosenAssetId || (assets.length === 1 ? assets[0]!.id : "");
  const datesFetcher = useFetcher<{ today: string; ranges: BookedRange[] } | { failure: Toast }>();
  const booking = useFetcher<{ toast: Toast }>();
  useToast(booking.data?.toast);
  const datesFailure = assetId && datesFetcher.data && "failure" in datesFetcher.data ? datesFetcher.data.failure : null;
  // The lists this widget reads: what failed is said once as a toast and stays said above the form.
  const failure = locationsFailure ?? assetsFetcher.data?.failure ?? datesFailure;
  useToast(failure);

  const { load: loadAssets } = assetsFetcher;
  const { load: loadDates } = datesFetcher;
  useEffect(() => {
    if (locationId) void loadAssets(`/api/locations/${locationId}/assets`);
  }, [locationId, loadAssets]);
  useEffect(() => {
    if (assetId) void loadDates(`/api/assets/${assetId}/booked-dates`);
  }, [assetId, loadDates]);
  // A failed request may mean someone else took the nights meanwhile: show the calendar as it is now.
  useEffect(() => {
    if (booking.state === "idle" && booking.data?.toast && assetId) void loadDates(`/api/assets/${assetId}/booked-dates`);
  }, [booking.state, booking.data, assetId, loadDates]);

  const asset = assets.find((a) => a.id === assetId);
  const calendar = assetId && datesFetcher.data && "today" in datesFetcher.data ? datesFetcher.data : undefined;
  const today = calendar?.today;
  const ranges = useMemo(() => calendar?.ranges ?? [], [calendar]);
  // More nights (or nights booked meanwhile) can make the picked day run into a booked night: it no longer counts then.
  const checkIn = pickedCheckIn && !overlapsAny(pickedCheckIn, addDays(pickedCheckIn, nights), ranges) ? pickedCheckIn : undefined;
  const checkOut = checkIn ? addDays(checkIn, nights) : undefined;

  const unavailable = (date: Date) => !today || !canCheckIn(localDay(date), nights, today, ranges);
  const submitting = booking.state !== "idle";
  const signInHref = `/customer-auth?redirectTo=${encodeURIComponent(`${location.pathname}#reserve`)}`;
  const keepDraft = () => saveBookingDraft({ locationId, assetId, checkIn: pickedCheckIn, nights, guests, name, phone });

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user) {
      showToast(AUTHENTICATION_REQUIRED);
      keepDraft();
      void navigate(signInHref);
      return;
    }
    const missing: BookingField[] = [
      ...(!locationId ? (["location"] as const) : []),
      ...(!assetId ? (["asset"] as const) : []),
      ...(!checkIn ? (["checkIn"] as const) : []),
      ...(!name.trim() ? (["name"] as const) : []),
      ...(!email.trim() ? (["email"] as const) : []),
    ];
    if (missing.length > 0 || !checkIn) {
      showToast({ ...missingInformation(missing), id: "missing-information" });
      return;
    }
    void booking.submit(
      {
        assetId,
        checkInDate: checkIn,
        checkOutDate: checkOut!,
        guestName: name,
        guestEmail: email,
        guestPhone: phone,
        numberOfGuests: String(guests),
        returnTo: location.pathname,
      },
      { method: "post", action: "/api/bookings" },
    );
  }

  return (
    // On /stanwood the page hydrates when this section comes into view (see PageHandle).
    <section id="reserve" data-hydrate-trigger={"visible" satisfies HydrateTrigger} aria-labelledby={`${ids}-title`} className="scroll-mt-20 bg-forest-50 py-16">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <h2 id={`${ids}-title`} className="text-3xl font-bold tracking-tight text-ink">
          Reserve Your Dates
        </h2>
        <p className="mt-2 max-w-2xl text-ink-muted">
          Pick your check-in day and how many nights you'd like. Requests are confirmed by our team, usually within a day.
        </p>
        {!user && (
          <p className="mt-4 rounded-xl bg-honey-100 p-3 text-sm text-ink">
            Booking here needs an account.{" "}
            <Link to={signInHref} onClick={keepDraft} className="font-semibold text-link underline underline-offset-4">
              Log in or sign up
            </Link>{" "}
            first, or book as a guest in the{" "}
            <Link to="/adopt-hive-signup?tab=booking" className="font-semibold text-link underline underline-offset-4">
              Customer Portal
            </Link>
            .
          </p>
        )}
        {failure && (
          <div className="mt-4">
            <LoadFailureNotice failure={failure} />
          </div>
        )}
        <noscript>
          <p className="mt-4 rounded-xl bg-honey-100 p-3 text-sm text-ink">
            The calendar needs JavaScript. You can request the same stay with the{" "}
            <a href={`/adopt-hive-signup?tab=booking${defaultLocationId ? `&location=${defaultLocationId}` : ""}`} className="font-semibold text-link underline">
              booking form of the Customer Portal
            </a>
            .
          </p>
        </noscript>

        {/* In reading order on every width: what and when to book, the calendar, then who and the button (the calendar sits left from lg up). */}
        <form onSubmit={submit} noValidate className="mt-8 grid gap-x-8 gap-y-6 rounded-3xl border border-border bg-surface p-5 shadow-sm sm:p-8 lg:grid-cols-[auto_1fr]">
          <div className="lg:col-start-2 lg:row-start-1">
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5 sm:col-span-2">
                <label htmlFor={`${ids}-location`} className={labelClasses}>
                  Location
                </label>
                <select
                  id={`${ids}-location`}
                  value={locationId}
                  disabled={!hydrated}
                  onChange={(event) => {
                    setLocationId(event.target.value);
                    setAssetId("");
                    setCheckIn(undefined);
                  }}
                  className={fieldClasses}
                >
                  <option value="" disabled>
                    Choose a location
                  </option>
                  {locations.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="flex flex-col gap-1.5 sm:col-span-2">
                <label htmlFor={`${ids}-asset`} className={labelClasses}>
                  Stay
                </label>
                <select
                  id={`${ids}-asset`}
                  value={assetId}
                  disabled={!hydrated || !locationId}
                  onChange={(event) => {
                    setAssetId(event.target.value);
                    setCheckIn(undefined);
                  }}
                  className={fieldClasses}
                >
                  <option value="">{assetsFetcher.state === "loading" ? "Loading…" : "Choose what to book"}</option>
                  {assets.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name} · {formatUsd(a.pricePerNightCents)}/night
                    </option>
                  ))}
                </select>
              </div>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${ids}-guests`} className={labelClasses}>
                  Guests
                </label>
                <select id={`${ids}-guests`} value={guests} disabled={!hydrated} onChange={(event) => setGuests(Number(event.target.value))} className={fieldClasses}>
                  {GUEST_CHOICES.map((n) => (
                    <option key={n} value={n}>
                      {n} {n === 1 ? "guest" : "guests"}
                    </option>
                  ))}
                </select>
              </div>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${ids}-nights`} className={labelClasses}>
                  Nights
                </label>
                <select id={`${ids}-nights`} value={nights} disabled={!hydrated} onChange={(event) => setNights(Number(event.target.value))} className={fieldClasses}>
                  {NIGHT_CHOICES.map((n) => (
                    <option key={n} value={n}>
                      {n === 5 ? "5+ nights" : `${n} ${n === 1 ? "night" : "nights"}`}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </div>
          <fieldset className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
            <legend className={labelClasses}>Check-in date</legend>
            {!assetId ? (
              <p className="mt-2 max-w-xs text-sm text-ink-muted">Choose what to book to see its free dates.</p>
            ) : !today ? (
              <p className="mt-2 text-sm text-ink-muted" role="status">
                Loading availability…
              </p>
            ) : (
              <Suspense
                fallback={
                  <p className="mt-2 text-sm text-ink-muted" role="status">
                    Loading availability…
                  </p>
                }
              >
                <CheckInCalendar
                  today={today}
                  checkIn={checkIn}
                  nights={nights}
                  isUnavailable={unavailable}
                  isBooked={(date) => isNightBooked(localDay(date), ranges)}
                  onSelect={(date) => setCheckIn(date ? localDay(date) : undefined)}
                />
              </Suspense>
            )}
          </fieldset>
          <div className="flex flex-col gap-4 lg:col-start-2 lg:row-start-2">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput id={`${ids}-name`} label="Name" value={name} onChange={setName} autoComplete="name" disabled={!hydrated} />
              <TextInput
                id={`${ids}-email`}
                label="Email"
                type="email"
                value={email}
                onChange={setEmail}
                autoComplete="email"
                readOnly={Boolean(user)}
                disabled={!hydrated}
              />
              <TextInput id={`${ids}-phone`} label="Phone" type="tel" value={phone} onChange={setPhone} autoComplete="tel" optional disabled={!hydrated} />
            </div>

            <dl className="grid grid-cols-3 gap-3 rounded-xl bg-honey-50 p-4 text-ink" aria-live="polite">
              <div>
                <dt className="text-sm text-ink-muted">Check-in</dt>
                <dd className="font-bold">{checkIn ? formatDay(checkIn) : "–"}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Check-out</dt>
                <dd className="font-bold">{checkOut ? formatDay(checkOut) : "–"}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Total</dt>
                <dd className="font-bold">{asset && checkIn ? formatUsd(asset.pricePerNightCents * nights) : "–"}</dd>
              </div>
            </dl>
            <Button type="submit" size="lg" disabled={!hydrated || submitting}>
              {submitting ? "Sending request…" : "Request Booking"}
            </Button>
          </div>

        </form>
      </div>
    </section>
  );
}

function TextInput({
  id,
  label,
  value,
  onChange,
  type = "text",
  autoComplete,
  optional,
  readOnly,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  optional?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        {label}
        {optional && <span className="ml-1 font-normal text-ink-muted">(optional)</span>}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        readOnly={readOnly}
        disabled={disabled}
        maxLength={type === "tel" ? 40 : 255}
        className={fieldClasses + (readOnly ? " bg-muted" : "")}
      />
    </div>
  );
}
