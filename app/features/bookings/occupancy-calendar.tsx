import { addMonths, format, parseISO } from "date-fns";
import { ChevronLeft, ChevronRight, LogIn, LogOut, Phone } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode, type TouchEvent } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "~/ui/primitives/button";
import { cn } from "~/ui/primitives/cn";
import { BOOKING_STATUS_LABELS } from "./booking-options";
import type { Occupancy, OccupancyBlock, OccupancyStay, TodayStay } from "./occupancy.server";
import { addDays, nightsBetween } from "./stay-dates";

type Props = {
  occupancy: Occupancy;
  /** Links that keep the rest of the screen as it is. */
  monthHref: (month: string) => string;
  locationHref: (locationId: string) => string;
  editHref?: (bookingId: string) => string;
  addHref?: (assetId: string, night: string) => string;
};

const dayOf = (day: string) => parseISO(day);
const monthOf = (month: string) => parseISO(`${month}-01`);
const monthTitle = (month: string) => format(monthOf(month), "MMMM yyyy");
const shortMonth = (month: string) => format(monthOf(month), "MMM yyyy");
const shortDay = (day: string) => format(dayOf(day), "MMM d");
const shift = (month: string, by: number) => format(addMonths(monthOf(month), by), "yyyy-MM");

const BAR_CLASSES: Record<OccupancyStay["status"], string> = {
  confirmed: "border-forest-800 bg-forest-800 text-cream",
  pending: "border-dashed border-honey-800 bg-honey-100 text-honey-900",
};

/**
 * The tape chart: one row per asset, one column per night of the month. A stay is a bar over its
 * nights (so the check-out day is free for the next guest's bar); clicking a bar opens the
 * booking, clicking an empty night opens Add Booking for it. Keyboard users reach every bar; an
 * empty night is the Add Booking button's job.
 */
export function OccupancyCalendar({ occupancy, monthHref, locationHref, editHref, addHref }: Props) {
  const navigate = useNavigate();
  const { location, locations, month, start, end, today } = occupancy;
  const nights = Array.from({ length: nightsBetween(start, end) }, (_, index) => addDays(start, index));
  const scroller = useRef<HTMLDivElement>(null);
  // On a narrow screen the month is wider than the card: start with today in view.
  useEffect(() => {
    const frame = scroller.current;
    const column = frame?.querySelector<HTMLElement>("th[data-today]");
    const asset = frame?.querySelector<HTMLElement>("thead th");
    if (frame && column && asset) frame.scrollLeft = Math.max(0, column.offsetLeft - asset.offsetWidth - column.offsetWidth * 2);
  }, [month, location?.id]);

  function onEmptyNight(event: MouseEvent<HTMLTableSectionElement>) {
    const cell = (event.target as HTMLElement).closest<HTMLElement>("td[data-night]");
    if (!cell || !addHref) return;
    void navigate(addHref(cell.dataset.asset!, cell.dataset.night!), { preventScrollReset: true });
  }

  return (
    <section aria-labelledby="occupancy-heading" className="mt-6 rounded-2xl border border-border bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="occupancy-heading" className="text-lg font-semibold text-ink">
          Occupancy{location ? ` at ${location.name}` : ""}, {monthTitle(month)}
        </h2>
        <nav aria-label="Month" className="flex items-center gap-2">
          <Link to={monthHref(shift(month, -1))} preventScrollReset aria-label={`Previous month, ${monthTitle(shift(month, -1))}`} className={buttonClasses({ variant: "outline", size: "sm" })}>
            <ChevronLeft aria-hidden="true" />
            {shortMonth(shift(month, -1))}
          </Link>
          <Link to={monthHref(shift(month, 1))} preventScrollReset aria-label={`Next month, ${monthTitle(shift(month, 1))}`} className={buttonClasses({ variant: "outline", size: "sm" })}>
            {shortMonth(shift(month, 1))}
            <ChevronRight aria-hidden="true" />
          </Link>
        </nav>
      </div>
      {locations.length > 1 && (
        <nav aria-label="Location shown" className="mt-3 flex flex-wrap gap-2">
          {locations.map((candidate) => (
            <Link
              key={candidate.id}
              to={locationHref(candidate.id)}
              preventScrollReset
              aria-current={candidate.id === location?.id ? "true" : undefined}
              className={cn("rounded-full border px-3 py-1 text-sm font-semibold", candidate.id === location?.id ? "border-forest-800 bg-forest-800 text-cream" : "border-border text-ink hover:bg-cream-dark")}
            >
              {candidate.name}
            </Link>
          ))}
        </nav>
      )}

      {!location || occupancy.assets.length === 0 ? (
        <EmptyCalendar location={location} mayAdd={occupancy.mayAdd} />
      ) : (
        <>
          {/* On a phone: two weeks at a time, readable, with buttons (and a swipe) to move through the month. */}
          <Fortnight key={`${location.id}-${month}`} occupancy={occupancy} nights={nights} editHref={editHref} addHref={addHref} onEmptyNight={onEmptyNight} />
          <div ref={scroller} className="relative mt-4 overflow-x-auto max-sm:hidden">
            {/* Fixed layout: the columns are the nights' widths, and a long guest name is cut short inside its bar instead of widening its nights. */}
            <table className="w-full table-fixed border-separate border-spacing-0 text-xs" style={{ minWidth: `${8 + nights.length * 1.6}rem` }}>
              <colgroup>
                <col className="w-32" />
                {nights.map((night) => (
                  <col key={night} />
                ))}
              </colgroup>
              <caption className="sr-only">
                Stays at {location.name} in {monthTitle(month)}: one row per asset, one column per night. Today is {shortDay(today)}.
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="sticky left-0 z-10 bg-surface pr-2 text-left text-sm font-semibold text-ink">
                    Asset
                  </th>
                  {nights.map((night) => (
                    <NightHeader key={night} night={night} today={today} />
                  ))}
                </tr>
              </thead>
              <tbody onClick={addHref ? onEmptyNight : undefined}>
                {occupancy.assets.map((asset) => (
                  <tr key={asset.id}>
                    <th scope="row" title={asset.name} className="sticky left-0 z-10 truncate border-t border-border bg-surface py-1.5 pr-2 text-left text-sm font-medium text-ink">
                      {asset.name}
                      {asset.status !== "available" && <span className="block text-xs font-normal text-ink-muted capitalize">{asset.status}</span>}
                    </th>
                    <AssetNights assetId={asset.id} nights={nights} end={end} today={today} stays={occupancy.stays.filter((stay) => stay.assetId === asset.id)} blocks={occupancy.blocks.filter((block) => block.assetId === asset.id)} editHref={editHref} addable={Boolean(addHref)} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted">
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className={cn("inline-block h-3 w-5 rounded border", BAR_CLASSES.confirmed)} /> Confirmed
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className={cn("inline-block h-3 w-5 rounded border", BAR_CLASSES.pending)} /> Pending
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block h-3 w-5 rounded border border-stone-400 bg-stone-200" /> Blocked by another site
            </span>
            {addHref && <span>Tap or click an empty night to add a booking for it.</span>}
          </p>
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            <TodayList title={`Arriving today, ${shortDay(today)}`} empty="No arrivals today." icon={<LogIn aria-hidden="true" className="size-4" />} stays={occupancy.arrivals} editHref={editHref} />
            <TodayList title={`Leaving today, ${shortDay(today)}`} empty="No departures today." icon={<LogOut aria-hidden="true" className="size-4" />} stays={occupancy.departures} editHref={editHref} />
          </div>
        </>
      )}
    </section>
  );
}

/** What an empty calendar says depends on what the viewer may do: a link for whoever may add, a word for whoever may not. */
function EmptyCalendar({ location, mayAdd }: { location: Occupancy["location"]; mayAdd: Occupancy["mayAdd"] }) {
  const link = "font-semibold text-link underline underline-offset-2";
  if (!location) {
    return (
      <p className="mt-4 text-ink-muted">
        There are no locations yet
        {mayAdd.locations ? (
          <>
            :{" "}
            <Link to="/admin/locations?dialog=add" className={link}>
              add one under Locations
            </Link>
            .
          </>
        ) : (
          ". Stays show here once a location and its assets are set up."
        )}
      </p>
    );
  }
  return (
    <p className="mt-4 text-ink-muted">
      {location.name} has no assets yet
      {mayAdd.assets ? (
        <>
          :{" "}
          <Link to="/admin/assets?dialog=add" className={link}>
            add them under Assets
          </Link>
          .
        </>
      ) : (
        ". Its stays show here once its assets are set up; choose another location above to see its stays."
      )}
    </p>
  );
}

const FORTNIGHT = 14;

/**
 * The phone's calendar: fourteen nights of the month across the screen's width, each asset's name
 * on a line above its nights (so the nights get the whole width). Earlier and Later move a week;
 * a sideways swipe does the same. It opens on the week of today when the month holds it.
 */
function Fortnight({ occupancy, nights, editHref, addHref, onEmptyNight }: { occupancy: Occupancy; nights: string[]; editHref?: (id: string) => string; addHref?: (assetId: string, night: string) => string; onEmptyNight: (event: MouseEvent<HTMLTableSectionElement>) => void }) {
  const { today, end } = occupancy;
  const last = Math.max(0, nights.length - FORTNIGHT);
  const [first, setFirst] = useState(() => Math.min(last, Math.max(0, nights.indexOf(today))));
  const touch = useRef<number | null>(null);
  const shown = nights.slice(first, first + FORTNIGHT);
  const shownEnd = first + FORTNIGHT >= nights.length ? end : nights[first + FORTNIGHT]!;
  const move = (by: number) => setFirst((now) => Math.min(last, Math.max(0, now + by)));
  const onTouchStart = (event: TouchEvent) => (touch.current = event.touches[0]?.clientX ?? null);
  function onTouchEnd(event: TouchEvent) {
    const from = touch.current;
    const to = event.changedTouches[0]?.clientX;
    touch.current = null;
    if (from === null || to === undefined || Math.abs(to - from) < 48) return;
    move(to < from ? 7 : -7);
  }
  const range = `${shortDay(shown[0]!)} – ${shortDay(shown[shown.length - 1]!)}`;
  return (
    <div className="mt-4 sm:hidden">
      <div className="flex items-center justify-between gap-2">
        <button type="button" onClick={() => move(-7)} disabled={first === 0} aria-label={`Earlier nights, before ${shortDay(shown[0]!)}`} className={buttonClasses({ variant: "outline", size: "sm" })}>
          <ChevronLeft aria-hidden="true" />
          Earlier
        </button>
        <p aria-live="polite" className="text-sm font-semibold text-ink">
          {range}
        </p>
        <button type="button" onClick={() => move(7)} disabled={first >= last} aria-label={`Later nights, after ${shortDay(shown[shown.length - 1]!)}`} className={buttonClasses({ variant: "outline", size: "sm" })}>
          Later
          <ChevronRight aria-hidden="true" />
        </button>
      </div>
      <table className="mt-3 w-full table-fixed border-separate border-spacing-0 text-xs" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <caption className="sr-only">
          Stays at {occupancy.location!.name}, {range}: each asset&apos;s name, then its nights. Today is {shortDay(today)}.
        </caption>
        <thead>
          <tr>
            {shown.map((night) => (
              <NightHeader key={night} night={night} today={today} />
            ))}
          </tr>
        </thead>
        {occupancy.assets.map((asset) => (
          <tbody key={asset.id} onClick={addHref ? onEmptyNight : undefined}>
            <tr>
              <th scope="rowgroup" colSpan={shown.length} className="truncate border-t border-border pt-1.5 text-left text-sm font-medium text-ink">
                {asset.name}
                {asset.status !== "available" && <span className="ml-2 text-xs font-normal text-ink-muted capitalize">{asset.status}</span>}
              </th>
            </tr>
            <tr>
              <AssetNights assetId={asset.id} nights={shown} end={shownEnd} today={today} stays={occupancy.stays.filter((stay) => stay.assetId === asset.id)} blocks={occupancy.blocks.filter((block) => block.assetId === asset.id)} editHref={editHref} addable={Boolean(addHref)} />
            </tr>
          </tbody>
        ))}
      </table>
    </div>
  );
}

function NightHeader({ night, today }: { night: string; today: string }) {
  const weekday = dayOf(night).getDay();
  const isToday = night === today;
  return (
    <th scope="col" data-today={isToday || undefined} className={cn("px-0 pb-1 text-center font-normal text-ink-muted", (weekday === 0 || weekday === 6) && "bg-cream", isToday && "rounded-t-md bg-honey-200 font-bold text-ink")}>
      <abbr title={`${format(dayOf(night), "EEE")} ${shortDay(night)}${isToday ? ", today" : ""}`} className="block no-underline">
        <span className="block">{format(dayOf(night), "EEEEEE")}</span>
        <span className="block text-sm">{format(dayOf(night), "d")}</span>
      </abbr>
    </th>
  );
}

function AssetNights({ assetId, nights, end, today, stays, blocks, editHref, addable }: { assetId: string; nights: string[]; end: string; today: string; stays: OccupancyStay[]; blocks: OccupancyBlock[]; editHref?: (id: string) => string; addable: boolean }) {
  const cells = [];
  for (let index = 0; index < nights.length; ) {
    const night = nights[index]!;
    const stay = stays.find((candidate) => candidate.checkInDate <= night && night < candidate.checkOutDate);
    const block = stay ? undefined : blocks.find((candidate) => candidate.startDate <= night && night < candidate.endDate);
    if (block) {
      const span = nightsBetween(night, block.endDate < end ? block.endDate : end);
      const label = `Blocked by the ${block.source} calendar, ${shortDay(block.startDate)} – ${shortDay(block.endDate)}`;
      cells.push(
        <td key={night} colSpan={span} className="border-t border-border px-px py-1">
          <span title={label} className={cn("block truncate rounded-md border border-stone-400 bg-stone-200 px-1.5 py-1 text-left text-xs font-semibold text-stone-800", block.startDate < night && "rounded-l-none", block.endDate > end && "rounded-r-none")}>
            <span className="sr-only">{label}</span>
            <span aria-hidden="true">{block.source}</span>
          </span>
        </td>,
      );
      index += span;
      continue;
    }
    if (!stay) {
      cells.push(<td key={night} data-asset={assetId} data-night={night} className={cn("border-t border-border", night === today && "bg-honey-50", addable && "cursor-pointer hover:bg-honey-100")} />);
      index += 1;
      continue;
    }
    const span = nightsBetween(night, stay.checkOutDate < end ? stay.checkOutDate : end);
    const label = `${stay.guestName}, ${shortDay(stay.checkInDate)} – ${shortDay(stay.checkOutDate)}, ${stay.numberOfGuests} ${stay.numberOfGuests === 1 ? "guest" : "guests"}, ${BOOKING_STATUS_LABELS[stay.status].toLowerCase()}`;
    const bar = cn("block truncate rounded-md border px-1.5 py-1 text-left text-xs font-semibold", BAR_CLASSES[stay.status], stay.checkInDate < night && "rounded-l-none", stay.checkOutDate > end && "rounded-r-none");
    cells.push(
      <td key={night} colSpan={span} className="border-t border-border px-px py-1">
        {editHref ? (
          <Link to={editHref(stay.id)} preventScrollReset title={label} aria-label={`${label}: edit`} className={cn(bar, "hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring")}>
            {stay.guestName}
          </Link>
        ) : (
          <span title={label} className={bar}>
            <span className="sr-only">{label}</span>
            <span aria-hidden="true">{stay.guestName}</span>
          </span>
        )}
      </td>,
    );
    index += span;
  }
  return <>{cells}</>;
}

function TodayList({ title, empty, icon, stays, editHref }: { title: string; empty: string; icon: ReactNode; stays: TodayStay[]; editHref?: (id: string) => string }) {
  return (
    <div className="rounded-xl bg-cream p-3">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-ink">
        {icon}
        {title}
      </h3>
      {stays.length === 0 ? (
        <p className="mt-1.5 text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul className="mt-1.5 divide-y divide-border text-sm">
          {stays.map((stay) => (
            <li key={stay.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5">
              {editHref ? (
                <Link to={editHref(stay.id)} preventScrollReset className="font-semibold text-link underline-offset-2 hover:underline">
                  {stay.guestName}
                </Link>
              ) : (
                <span className="font-semibold">{stay.guestName}</span>
              )}
              <span className="text-ink-muted">
                {stay.assetName} · {stay.numberOfGuests} {stay.numberOfGuests === 1 ? "guest" : "guests"}
              </span>
              {stay.guestPhone && (
                <a href={`tel:${stay.guestPhone.replace(/[^\d+]/g, "")}`} className="inline-flex items-center gap-1 text-link underline-offset-2 hover:underline">
                  <Phone aria-hidden="true" className="size-3.5" />
                  {stay.guestPhone}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
