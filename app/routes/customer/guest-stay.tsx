import { data, useSearchParams } from "react-router";
import { cancelFromLink } from "~/features/bookings/cancel-booking.server";
import { BOOKING_CANCELLED, COULD_NOT_CANCEL } from "~/features/bookings/messages";
import { findGuestStay } from "~/features/bookings/guest-stay.server";
import { StayRequestView } from "~/features/bookings/stay-request-view";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { refusalToast } from "~/platform/toast";
import { redirectWithToast, replyWithToast } from "~/platform/toast.server";
import { ButtonLink } from "~/ui/primitives/button";
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
  if (!lookup.ok) return data({ stay: null, unopened: lookup.message, token: null }, { status: lookup.status });
  return { stay: lookup.value, unopened: null, token: params.token };
}

export async function action({ params, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const outcome = await cancelFromLink(platform, params.token, { clientAddress: context.get(requestInfoContext).clientAddress });
  if (!outcome.ok) return replyWithToast({}, refusalToast(outcome, COULD_NOT_CANCEL), outcome.status);
  throw await redirectWithToast(`/stay/${params.token}`, BOOKING_CANCELLED, platform.authSecret);
}

export default function GuestStay({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const [params] = useSearchParams();
  const { stay } = loaderData;
  if (!stay) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold text-ink">{loaderData.unopened}</h1>
        <p className="mt-3 text-ink-muted">
          Please use the link from your latest booking e-mail, or contact us and we'll look up your request.
        </p>
        <ButtonLink to="/contact" className="mt-6">
          Contact Us
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12 sm:py-16">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wider text-honey-800">Booking request</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink">Your stay at {stay.location}</h1>
        <p className="mt-2 text-ink-muted">Hello {stay.guestName}, here is your request as we received it.</p>
      </header>
      <StayRequestView
        stay={stay}
        calendarHref={`/stay/${loaderData.token}/stay.ics`}
        cancel={{ confirming: params.get("cancel") === "1", askHref: "?cancel=1", keepHref: "?" }}
      />
    </div>
  );
}
