import { ArrowLeft } from "lucide-react";
import { data, Link, redirect, useSearchParams } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { cancelMyBooking } from "~/features/bookings/cancel-booking.server";
import { BOOKING_CANCELLED, COULD_NOT_CANCEL } from "~/features/bookings/messages";
import { findMyBooking } from "~/features/bookings/my-bookings.server";
import { StayRequestView } from "~/features/bookings/stay-request-view";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { refusalToast } from "~/platform/toast";
import { redirectWithToast, replyWithToast } from "~/platform/toast.server";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/my-booking";

export const meta: Route.MetaFunction = () => [{ title: "Your stay | Apiary" }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const BOOKINGS = "/sponsor-profile?tab=bookings";

/** One of My Bookings: the stay, its status and total, the calendar file, and cancelling while pending. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const { actor } = context.get(authStateContext);
  if (actor.kind === "anonymous") throw redirect(`/customer-auth?redirectTo=${encodeURIComponent(url.pathname)}`);
  // Someone else's booking, or none: not found, whoever asks (its existence is not theirs to learn).
  const stay = await findMyBooking(platform.db, actor, params.id);
  if (!stay) throw data("Not found", { status: 404 });
  return { stay };
}

export async function action({ params, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const { actor } = context.get(authStateContext);
  const outcome = await cancelMyBooking(platform, actor, params.id, { clientAddress: context.get(requestInfoContext).clientAddress });
  if (!outcome.ok) return replyWithToast({}, refusalToast(outcome, COULD_NOT_CANCEL), outcome.status);
  throw await redirectWithToast(`/sponsor-profile/bookings/${params.id}`, BOOKING_CANCELLED, platform.authSecret);
}

export default function MyBooking({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const [params] = useSearchParams();
  const { stay } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12 sm:py-16">
      <Link to={BOOKINGS} className="inline-flex items-center gap-2 self-start font-semibold text-link underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        My Bookings
      </Link>
      <header>
        <p className="text-sm font-semibold uppercase tracking-wider text-honey-800">Booking request</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink">Your stay at {stay.location}</h1>
      </header>
      <StayRequestView
        stay={stay}
        calendarHref={`/sponsor-profile/bookings/${stay.id}/stay.ics`}
        cancel={{ confirming: params.get("cancel") === "1", askHref: "?cancel=1", keepHref: "?" }}
      />
    </div>
  );
}
