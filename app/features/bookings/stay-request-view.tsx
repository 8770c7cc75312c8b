import { CalendarPlus } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatDay, formatUsd } from "~/ui/format";
import { Button, ButtonLink } from "~/ui/primitives/button";
import type { GuestStay } from "./guest-stay.server";

const STATUS_TEXT = {
  pending: "Pending: our team will contact you to confirm it.",
  confirmed: "Confirmed: we look forward to welcoming you.",
  cancelled: "Cancelled: these dates are free for other guests.",
} as const;

type Props = {
  stay: GuestStay;
  /** The stay as a calendar file (.ics), in its current state. */
  calendarHref: string;
  /** Cancel is asked first (`askHref`, e.g. ?cancel=1), then confirmed by a post to this page; `keepHref` goes back. */
  cancel: { confirming: boolean; askHref: string; keepHref: string };
};

/**
 * A booking request as its guest sees it, from the private link in their e-mail or from My
 * Bookings: status, the facts, the calendar file, and cancelling while it is still pending (asked
 * first, as plain links and a form: it works without JavaScript).
 */
export function StayRequestView({ stay, calendarHref, cancel }: Props) {
  return (
    <>
      <p role="status" className="rounded-2xl border border-border bg-surface p-4 font-medium text-ink">
        <span className="font-bold">Status:</span> {STATUS_TEXT[stay.status]}
      </p>
      <dl className="grid gap-4 rounded-2xl border border-border bg-surface p-5 sm:grid-cols-2">
        <Detail term="Stay" value={`${stay.assetName}, ${stay.location}`} />
        <Detail term="Guests" value={String(stay.numberOfGuests)} />
        <Detail term="Check-in" value={formatDay(stay.checkInDate)} />
        <Detail term="Check-out" value={formatDay(stay.checkOutDate)} />
        <Detail term="Nights" value={String(stay.numberOfNights)} />
        <Detail term="Estimated total" value={formatUsd(stay.totalCents)} />
        <Detail term="Confirmation e-mail" value={stay.guestEmail} />
        <Detail term="Reference" value={stay.code} />
      </dl>
      {stay.status !== "cancelled" && (
        <a href={calendarHref} download="stay.ics" className="inline-flex items-center gap-2 self-start font-semibold text-link underline underline-offset-4">
          <CalendarPlus aria-hidden="true" className="size-5" />
          Add to my calendar (.ics)
        </a>
      )}
      {stay.status === "pending" ? (
        cancel.confirming ? (
          <ConfirmCancel stay={stay} keepHref={cancel.keepHref} />
        ) : (
          <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5">
            <p className="text-ink">Plans changed? Cancel the request and the dates go back on the calendar right away.</p>
            <ButtonLink to={cancel.askHref} replace preventScrollReset variant="outline" className="self-start">
              Cancel this request
            </ButtonLink>
          </div>
        )
      ) : stay.status === "confirmed" ? (
        <p className="text-ink-muted">
          To change a confirmed stay, please{" "}
          <Link to="/contact" className="font-semibold text-link underline underline-offset-4">
            contact us
          </Link>
          .
        </p>
      ) : null}
    </>
  );
}

function ConfirmCancel({ stay, keepHref }: { stay: GuestStay; keepHref: string }) {
  const navigation = useNavigation();
  const cancelling = navigation.state === "submitting";
  const heading = useRef<HTMLHeadingElement>(null);
  // Asked in place of the button that opened it: the keyboard (and a screen reader) continue here.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="confirm-cancel-title" className="flex flex-col gap-3 rounded-2xl border border-red-700/40 bg-red-50 p-5">
      <h2 id="confirm-cancel-title" ref={heading} tabIndex={-1} className="text-xl font-bold text-ink outline-none">
        Cancel this request?
      </h2>
      <p className="text-ink">
        Your stay at {stay.assetName} from {formatDay(stay.checkInDate)} to {formatDay(stay.checkOutDate)} will be cancelled, and the dates
        offered to other guests. This can't be undone; you are welcome to book again.
      </p>
      <Form method="post" replace className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="cancel" />
        <Button type="submit" variant="danger" disabled={cancelling}>
          {cancelling ? "Cancelling…" : "Yes, cancel my request"}
        </Button>
        <ButtonLink to={keepHref} replace preventScrollReset variant="outline">
          Keep my request
        </ButtonLink>
      </Form>
    </section>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-ink-muted">{term}</dt>
      <dd className="font-semibold break-words text-ink">{value}</dd>
    </div>
  );
}
