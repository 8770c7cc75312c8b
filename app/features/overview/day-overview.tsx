import { BadgeDollarSign, BedDouble, ChevronDown, Hexagon, HandHeart, Hourglass, LogIn, LogOut } from "lucide-react";
import { useId, type FormEvent, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { adoptionsScreen } from "~/features/adoptions/adoptions.screen";
import { bookingsScreen } from "~/features/bookings/bookings.screen";
import { addDays } from "~/features/bookings/stay-dates";
import { hivesScreen } from "~/features/hives/hives.screen";
import { HIVE_UPDATE_DUE_DAYS } from "~/features/hives/hive-options";
import { formatUsd } from "~/platform/money";
import { plural } from "~/platform/plural";
import { cn } from "~/ui/primitives/cn";
import { OCCUPANCY_NIGHTS, OVERVIEW_INTENT, type DayOverview, type LocationDay, type WaitingRequest } from "./overview";

// Days are `yyyy-MM-dd` calendar days: written in UTC so that server and browser agree.
const longDay = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const weekDay = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
const monthName = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" });
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** How long a request has waited, as staff would say it. */
export function waited(hours: number) {
  if (hours < 1) return "under an hour";
  if (hours < 48) return plural(hours, "hour");
  return plural(Math.floor(hours / 24), "day");
}

const OLDEST_FIRST = "status=pending&sort=created&dir=asc";
const links = {
  arriving: (place: LocationDay) => `${bookingsScreen.path}?location=${place.id}&arriving=${place.today}`,
  departing: (place: LocationDay) => `${bookingsScreen.path}?location=${place.id}&departing=${place.today}`,
  // The stays of the 30 nights: "Staying from/to" keeps stays that share a night with [from, to].
  nights: (place: LocationDay) => `${bookingsScreen.path}?location=${place.id}&from=${place.today}&to=${addDays(place.today, OCCUPANCY_NIGHTS - 1)}`,
  pending: `${bookingsScreen.path}?${OLDEST_FIRST}`,
  request: (request: WaitingRequest) => `${bookingsScreen.path}?${OLDEST_FIRST}&dialog=edit&id=${request.id}`,
  unpaid: `${adoptionsScreen.path}?status=pending&payment=none`,
  paid: `${adoptionsScreen.path}?status=pending&payment=recorded`,
  payments: `${adoptionsScreen.path}?payment=this_month`,
  hives: `${hivesScreen.path}?update=due`,
};

const linkClass = "rounded font-semibold text-link underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

type Props = {
  /** The figures, or null while folded away (they are not read then) or when they could not be read (`failed`). */
  overview: DayOverview | null;
  failed: boolean;
  /** The day it is for the back-office, for the heading even while folded away. */
  today: string;
  collapsed: boolean;
  /** This page's address: where the show/hide form comes back to without JavaScript. */
  here: string;
};

/**
 * What needs attention today, above the first screen's own content: today's arrivals and
 * departures, the requests waiting for a decision, how full the next 30 nights are, the
 * adoptions waiting for payment or activation, the month's payments and the hives due an
 * update, each a link to the list that shows them. Folding it away is remembered for the person
 * (the /admin action); with JavaScript the page stays where it is.
 */
export function DayOverviewPanel({ overview, failed, today, collapsed: saved, here }: Props) {
  const fetcher = useFetcher();
  const asked = fetcher.formData?.get("collapsed");
  const collapsed = typeof asked === "string" ? asked === "true" : saved;
  const headingId = useId();
  const figuresId = useId();

  function toggle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // No redirectTo: the action answers in place and the page's data is read again.
    void fetcher.submit({ intent: OVERVIEW_INTENT, collapsed: String(!collapsed) }, { method: "post", action: "/admin" });
  }

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-border bg-surface">
      <div className="flex items-center justify-between gap-3 py-2 pr-2 pl-4">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          Today{" "}
          <span className="font-normal text-ink-muted">
            · <span className="sm:hidden">{weekDay.format(asDate(today))}</span>
            <span className="hidden sm:inline">{longDay.format(asDate(today))}</span>
          </span>
        </h2>
        <form method="post" action="/admin" onSubmit={toggle}>
          <input type="hidden" name="intent" value={OVERVIEW_INTENT} />
          <input type="hidden" name="collapsed" value={String(!collapsed)} />
          <input type="hidden" name="redirectTo" value={here} />
          <button
            type="submit"
            aria-expanded={!collapsed}
            aria-controls={figuresId}
            className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-ink hover:bg-cream-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            {collapsed ? "Show" : "Hide"}
            <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform motion-reduce:transition-none", !collapsed && "rotate-180")} />
          </button>
        </form>
      </div>
      <div id={figuresId} hidden={collapsed} className="border-t border-border p-3 sm:p-4">
        {!collapsed && (overview ? <Figures overview={overview} /> : <p className="text-sm text-ink-muted">{failed ? "Today's figures could not be read. Reload the page in a moment." : "Loading today's figures…"}</p>)}
      </div>
    </section>
  );
}

function Figures({ overview }: { overview: DayOverview }) {
  const { stays, adoptions, payments, hives } = overview;
  return (
    // On a phone the short figures share a row; the lists per location and per request take the width.
    <ul className="grid grid-cols-2 gap-3 xl:grid-cols-3">
      {stays && (
        <>
          <Tile title="Arriving and leaving" icon={<LogIn />}>
            {stays.locations.length === 0 ? (
              <Quiet>No locations with assets yet.</Quiet>
            ) : (
              <ul className="space-y-1.5 text-sm">
                {stays.locations.map((place) => (
                  <li key={place.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="min-w-0 font-medium text-ink [overflow-wrap:anywhere]">
                      {place.name}
                      {place.today !== overview.today && <span className="font-normal text-ink-muted"> · {shortDay.format(asDate(place.today))}</span>}
                    </span>
                    <span className="flex gap-3">
                      <Figure count={place.arrivals} href={links.arriving(place)} context={`at ${place.name} today`} icon={<LogIn />}>
                        arriving
                      </Figure>
                      <Figure count={place.departures} href={links.departing(place)} context={`from ${place.name} today`} icon={<LogOut />}>
                        leaving
                      </Figure>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Tile>
          <Tile title="Booking requests" icon={<Hourglass />}>
            {stays.pending === 0 ? (
              <Quiet>None waiting for a decision.</Quiet>
            ) : (
              <>
                <Link to={links.pending} className={cn(linkClass, "text-base")}>
                  {plural(stays.pending, "request")} waiting
                </Link>
                <ul className="mt-1 space-y-1 text-sm">
                  {stays.oldest.map((request) => (
                    <li key={request.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <Link to={links.request(request)} className={cn(linkClass, "min-w-0 font-medium [overflow-wrap:anywhere]")}>
                        {request.guestName}
                        <span className="sr-only">, {request.location}, from {shortDay.format(asDate(request.checkInDate))}</span>
                      </Link>
                      <span className="text-ink-muted">waiting {waited(request.waitingHours)}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Tile>
          <Tile title={`Next ${OCCUPANCY_NIGHTS} nights`} icon={<BedDouble />}>
            {stays.locations.length === 0 ? (
              <Quiet>No locations with assets yet.</Quiet>
            ) : (
              <ul className="space-y-2 text-sm">
                {stays.locations.map((place) => (
                  <Occupancy key={place.id} place={place} />
                ))}
              </ul>
            )}
          </Tile>
        </>
      )}
      {adoptions && (
        <Tile title="Hive adoptions" icon={<HandHeart />}>
          {adoptions.awaitingPayment + adoptions.awaitingActivation === 0 ? (
            <Quiet>None waiting for payment or activation.</Quiet>
          ) : (
            <ul className="space-y-1 text-sm">
              <li>
                <Figure count={adoptions.awaitingPayment} href={links.unpaid}>
                  waiting for payment
                </Figure>
              </li>
              <li>
                <Figure count={adoptions.awaitingActivation} href={links.paid}>
                  paid, waiting for activation
                </Figure>
              </li>
              {adoptions.oldestWaitingHours !== null && <li className="text-ink-muted">The oldest has waited {waited(adoptions.oldestWaitingHours)}.</li>}
            </ul>
          )}
        </Tile>
      )}
      {payments && (
        <Tile title={`Payments in ${monthName.format(asDate(payments.monthStart))}`} icon={<BadgeDollarSign />} narrow>
          {payments.count === 0 ? (
            <Quiet>None recorded yet this month.</Quiet>
          ) : (
            <Link to={links.payments} className={cn(linkClass, "text-base")}>
              {formatUsd(payments.totalCents)}
              <span className="block text-sm font-normal text-ink-muted">from {plural(payments.count, "payment")}</span>
            </Link>
          )}
        </Tile>
      )}
      {hives && (
        <Tile title="Hive updates" icon={<Hexagon />} narrow>
          {hives.due === 0 ? (
            <Quiet>Every sponsored hive has had one in the last {HIVE_UPDATE_DUE_DAYS} days.</Quiet>
          ) : (
            <>
              <Link to={links.hives} className={cn(linkClass, "text-base")}>
                {plural(hives.due, "hive")} due an update
              </Link>
              <p className="mt-0.5 text-sm text-ink-muted">Sponsored, and nothing posted in {HIVE_UPDATE_DUE_DAYS} days.</p>
            </>
          )}
        </Tile>
      )}
    </ul>
  );
}

function Tile({ title, icon, narrow, children }: { title: string; icon: ReactNode; narrow?: boolean; children: ReactNode }) {
  return (
    <li className={cn("min-w-0 rounded-xl bg-cream p-3", !narrow && "col-span-2 sm:col-span-1")}>
      <h3 className="mb-1.5 flex items-center gap-2 text-sm font-semibold text-ink-muted [&_svg]:size-4 [&_svg]:shrink-0">
        <span aria-hidden="true" className="contents">
          {icon}
        </span>
        {title}
      </h3>
      {children}
    </li>
  );
}

const Quiet = ({ children }: { children: ReactNode }) => <p className="text-sm text-ink-muted">{children}</p>;

/** A count and what it counts, a link to the list of them when there are any. */
function Figure({ count, href, context, icon, children }: { count: number; href: string; context?: string; icon?: ReactNode; children: ReactNode }) {
  const body = (
    <>
      {icon && (
        <span aria-hidden="true" className="mr-1 inline-flex align-[-0.125em] [&_svg]:size-3.5">
          {icon}
        </span>
      )}
      <span className="tabular-nums">{count}</span> {children}
      {context && <span className="sr-only"> {context}</span>}
    </>
  );
  return count === 0 ? (
    <span className="text-ink-muted">{body}</span>
  ) : (
    <Link to={href} className={linkClass}>
      {body}
    </Link>
  );
}

function Occupancy({ place }: { place: LocationDay }) {
  const percent = place.nights === 0 ? null : Math.round((place.nightsHeld / place.nights) * 100);
  return (
    <li>
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 font-medium text-ink [overflow-wrap:anywhere]">{place.name}</span>
        {percent === null ? (
          <span className="text-ink-muted">No assets in service</span>
        ) : (
          <Link to={links.nights(place)} className={linkClass}>
            <span className="tabular-nums">{percent}%</span> booked
            <span className="sr-only">
              {" "}
              at {place.name}: {place.nightsHeld} of {place.nights} nights
            </span>
          </Link>
        )}
      </div>
      {percent !== null && (
        <div aria-hidden="true" className="mt-1 h-1.5 overflow-hidden rounded-full bg-cream-dark">
          <div className="h-full rounded-full bg-forest-700" style={{ width: `${percent}%` }} />
        </div>
      )}
    </li>
  );
}
