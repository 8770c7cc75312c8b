import type { MyBooking } from "~/features/bookings/my-bookings.server";
import type { Toast } from "~/platform/toast";
import { LoadFailureNotice } from "~/ui/errors/load-failure-notice";
import { formatDay, formatUsd } from "~/ui/format";
import { Link } from "react-router";
import { ButtonLink } from "~/ui/primitives/button";
import { EmptyState, ProfileCard, StatusBadge, type BadgeTone } from "./profile-card";

const TYPE_LABELS: Record<MyBooking["experienceType"], string> = { rv: "RV", rental: "Rental", rv_glamping: "RV glamping" };
const STATUS: Record<MyBooking["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "honey" },
  confirmed: { label: "Confirmed", tone: "forest" },
  cancelled: { label: "Cancelled", tone: "muted" },
};

const cell = "px-3 py-3 align-top first:pl-0 last:pr-0";

export function BookingsPanel({ bookings, failure }: { bookings: MyBooking[]; failure?: Toast | null }) {
  return (
    <ProfileCard id="bookings-title" title="My Bookings">
      {failure ? (
        <div className="mt-6">
          <LoadFailureNotice failure={failure} />
        </div>
      ) : bookings.length === 0 ? (
        <EmptyState title="No bookings yet">
          <ButtonLink to="/adopt-hive-signup?tab=booking">Book an Asset</ButtonLink>
        </EmptyState>
      ) : (
        <>
          {/* Narrow screens get a card per stay; from md up, the table. Only one is ever displayed. */}
          <ul className="mt-6 flex flex-col gap-4 md:hidden" aria-label="Your stays, newest first">
            {bookings.map((booking) => (
              <li key={booking.id} className="rounded-2xl border border-border bg-cream p-5">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="text-lg font-bold text-ink [overflow-wrap:anywhere]">
                    <StayLink booking={booking} />
                  </h3>
                  <StatusBadge tone={STATUS[booking.status].tone}>{STATUS[booking.status].label}</StatusBadge>
                </div>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-ink-muted">Type</dt>
                  <dd className="text-ink">{TYPE_LABELS[booking.experienceType]}</dd>
                  <dt className="text-ink-muted">Check-in</dt>
                  <dd className="text-ink">{formatDay(booking.checkInDate)}</dd>
                  <dt className="text-ink-muted">Check-out</dt>
                  <dd className="text-ink">{formatDay(booking.checkOutDate)}</dd>
                  <dt className="text-ink-muted">Guests</dt>
                  <dd className="text-ink">{booking.numberOfGuests}</dd>
                  <dt className="text-ink-muted">Total</dt>
                  <dd className="font-semibold text-ink">{formatUsd(booking.totalCents)}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <table className="mt-4 hidden w-full border-collapse text-left md:table">
            <caption className="pb-3 text-left text-sm text-ink-muted">
              Your stays, newest first. Pending requests are confirmed by our team; open one to see it, add it to your calendar or cancel it.
            </caption>
            <thead>
              <tr className="border-b border-border text-sm text-ink-muted">
                <th scope="col" className={cell}>Stay</th>
                <th scope="col" className={cell}>Type</th>
                <th scope="col" className={cell}>Status</th>
                <th scope="col" className={cell}>Check-in</th>
                <th scope="col" className={cell}>Check-out</th>
                <th scope="col" className={`${cell} text-right`}>Guests</th>
                <th scope="col" className={`${cell} text-right`}>Total</th>
              </tr>
            </thead>
            <tbody>
              {bookings.map((booking) => (
                <tr key={booking.id} className="border-b border-border last:border-0">
                  <th scope="row" className={`${cell} font-semibold text-ink`}>
                    <StayLink booking={booking} />
                  </th>
                  <td className={cell}>{TYPE_LABELS[booking.experienceType]}</td>
                  <td className={cell}>
                    <StatusBadge tone={STATUS[booking.status].tone}>{STATUS[booking.status].label}</StatusBadge>
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>{formatDay(booking.checkInDate)}</td>
                  <td className={`${cell} whitespace-nowrap`}>{formatDay(booking.checkOutDate)}</td>
                  <td className={`${cell} text-right tabular-nums`}>{booking.numberOfGuests}</td>
                  <td className={`${cell} text-right font-semibold tabular-nums`}>{formatUsd(booking.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </ProfileCard>
  );
}

/** The stay's name, opening its page (the dates tell apart two stays of the same name to a screen reader). */
function StayLink({ booking }: { booking: MyBooking }) {
  return (
    <Link
      to={`/sponsor-profile/bookings/${booking.id}`}
      aria-label={`${booking.assetName}, ${formatDay(booking.checkInDate)}`}
      className="text-link underline underline-offset-4 hover:text-ink"
    >
      {booking.assetName}
    </Link>
  );
}
