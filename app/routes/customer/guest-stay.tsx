import { data, Form, Link, redirect, useNavigation } from "react-router";
import { cancelGuestStay, findGuestStay } from "~/features/bookings/guest-stay.server";
import { formatUsd } from "~/platform/money";
import { platformContext } from "~/platform/request-context";
import type { Toast } from "~/platform/toast";
import { toastHeader } from "~/platform/toast.server";
import { formatDay } from "~/ui/format";
import { Button, ButtonLink } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/guest-stay";

export const meta: Route.MetaFunction = () => [
  { title: "Your stay request | Apiary" },
  { name: "robots", content: "noindex" },
  // The link is the key to this page: don't leak it to other sites.
  { name: "referrer", content: "no-referrer" },
];

/** The page is a guest's booking, opened by its link: never kept in a shared or back/forward cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ params, context }: Route.LoaderArgs) {
  const lookup = await findGuestStay(context.get(platformContext), params.token);
  if (!lookup.ok) return data({ stay: null, reason: lookup.reason }, { status: lookup.reason === "expired" ? 410 : 404 });
  return { stay: lookup.stay, reason: null };
}

export async function action({ params, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const outcome = await cancelGuestStay(platform, params.token);
  if (!outcome.ok) {
    return data({ toast: { id: crypto.randomUUID(), title: "Could not cancel", description: outcome.message, variant: "error" } satisfies Toast }, { status: 409 });
  }
  const toast = { title: "Booking cancelled", description: "Your request is cancelled and the dates are free again.", variant: "success" } as const;
  throw redirect(`/stay/${params.token}`, { headers: { "Set-Cookie": await toastHeader(toast, platform.authSecret) } });
}

const STATUS_TEXT = {
  pending: "Pending: our team will contact you to confirm it.",
  confirmed: "Confirmed: we look forward to welcoming you.",
  cancelled: "Cancelled: these dates are free for other guests.",
} as const;

export default function GuestStay({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const navigation = useNavigation();
  const { stay } = loaderData;
  if (!stay) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold text-ink">{loaderData.reason === "expired" ? "This link has expired" : "This link is not valid"}</h1>
        <p className="mt-3 text-ink-muted">
          Please use the link from your latest booking e-mail, or contact us and we'll look up your request.
        </p>
        <ButtonLink to="/contact" className="mt-6">
          Contact Us
        </ButtonLink>
      </div>
    );
  }
  const cancelling = navigation.state === "submitting";
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12 sm:py-16">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wider text-honey-800">Booking request</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink">Your stay at {stay.location}</h1>
        <p className="mt-2 text-ink-muted">Hello {stay.guestName}, here is your request as we received it.</p>
      </header>
      <p role="status" className="rounded-2xl border border-border bg-surface p-4 font-medium text-ink">
        <span className="font-bold">Status:</span> {STATUS_TEXT[stay.status]}
      </p>
      <dl className="grid gap-4 rounded-2xl border border-border bg-surface p-5 sm:grid-cols-2">
        <Detail term="Stay" value={stay.assetName} />
        <Detail term="Guests" value={String(stay.numberOfGuests)} />
        <Detail term="Check-in" value={formatDay(stay.checkInDate)} />
        <Detail term="Check-out" value={formatDay(stay.checkOutDate)} />
        <Detail term="Nights" value={String(stay.numberOfNights)} />
        <Detail term="Estimated total" value={formatUsd(stay.totalCents)} />
        <Detail term="Confirmation e-mail" value={stay.guestEmail} />
        <Detail term="Reference" value={stay.id} />
      </dl>
      {stay.status === "pending" ? (
        <Form method="post" className="flex flex-col gap-3 rounded-2xl border border-red-700/30 bg-red-50 p-5">
          <p className="text-ink">Plans changed? Cancel the request and the dates go back on the calendar right away.</p>
          <Button type="submit" variant="outline" disabled={cancelling} className="self-start">
            {cancelling ? "Cancelling…" : "Cancel this request"}
          </Button>
        </Form>
      ) : stay.status === "confirmed" ? (
        <p className="text-ink-muted">
          To change a confirmed stay, please <Link to="/contact" className="font-semibold text-link underline underline-offset-4">contact us</Link>.
        </p>
      ) : null}
    </div>
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
