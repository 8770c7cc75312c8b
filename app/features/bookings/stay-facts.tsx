import { formatUsd } from "~/platform/money";
import { formatClockTime, formatShortDay } from "~/ui/format";
import type { StayAtAGlance } from "./availability.server";
import { nightsBetween, type FreeWindow } from "./stay-dates";

function windowText({ from, until }: FreeWindow) {
  if (!until) return `From ${formatShortDay(from)}`;
  const nights = nightsBetween(from, until);
  return `${formatShortDay(from)} – ${formatShortDay(until)} (${nights} ${nights === 1 ? "night" : "nights"})`;
}

/**
 * Price, times and the next free dates of each stay, at the top of a location's page: what a
 * visitor looks for first, before choosing anything in the booking widget.
 */
export function StayFacts({ stays }: { stays: readonly StayAtAGlance[] }) {
  return (
    <ul aria-label="Stays, prices and next free dates" className="mt-8 grid max-w-3xl gap-3">
      {stays.map((stay) => (
        <li key={stay.id} className="rounded-2xl bg-forest-950/75 p-5 text-cream ring-1 ring-cream/20">
          <h2 className="text-lg font-bold">{stay.name}</h2>
          <dl className="mt-3 grid gap-4 grid-cols-3 sm:grid-cols-[auto_auto_auto_1fr] sm:gap-8">
            <div>
              <dt className="text-sm text-honey-300">Per night</dt>
              <dd className="text-2xl font-bold">{formatUsd(stay.pricePerNightCents)}</dd>
            </div>
            <div>
              <dt className="text-sm text-honey-300">Check-in</dt>
              <dd className="whitespace-nowrap">From {formatClockTime(stay.checkInTime)}</dd>
            </div>
            <div>
              <dt className="text-sm text-honey-300">Check-out</dt>
              <dd className="whitespace-nowrap">By {formatClockTime(stay.checkOutTime)}</dd>
            </div>
            <div className="col-span-3 sm:col-span-1">
              <dt className="text-sm text-honey-300">Next free dates</dt>
              <dd>
                <ul>
                  {stay.nextFree.map((window) => (
                    <li key={window.from}>{windowText(window)}</li>
                  ))}
                </ul>
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
