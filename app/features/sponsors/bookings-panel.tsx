import type { MyBooking } from "~/features/bookings/my-bookings.server";
import { formatDay, formatUsd } from "~/ui/format";
import { ButtonLink } from "~/ui/primitives/button";
import { EmptyState, ProfileCard, StatusBadge, type BadgeTone } from "./profile-card";

const TYPE_LABELS: Record<MyBooking["experienceType"], string> = { rv: "RV", rental: "Rental", rv_glamping: "RV glamping" };
const STATUS: Record<MyBooking["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "honey" },
  confirmed: { label: "Confirmed", tone: "forest" },
  cancelled: { label: "Cancelled", tone: "muted" },
};

const cell = "px-4 py-3 align-top";

export function BookingsPanel({ bookings }: { bookings: MyBooking[] }) {
  return (
    <ProfileCard id="bookings-title" title="My Bookings">
      {bookings.length === 0 ? (
        <EmptyState title="No bookings yet">
          <ButtonLink to="/adopt-hive-signup?tab=booking">Book an Asset</ButtonLink>
        </EmptyState>
      ) : (
        // Wide tables scroll sideways on narrow screens; the region can take focus so keyboards can scroll it.
        <div role="region" aria-labelledby="bookings-caption" tabIndex={0} className="mt-4 -mx-2 overflow-x-auto px-2">
          <table className="w-full min-w-[44rem] border-collapse text-left">
            <caption id="bookings-caption" className="pb-3 text-left text-sm text-ink-muted">
              Your stays, newest first. Pending requests are confirmed by our team.
            </caption>
            <thead>
              <tr className="border-b border-border text-sm text-ink-muted">
                <th scope="col" className={cell}>Asset</th>
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
                  <th scope="row" className={`${cell} font-semibold text-ink`}>{booking.assetName}</th>
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
        </div>
      )}
    </ProfileCard>
  );
}
