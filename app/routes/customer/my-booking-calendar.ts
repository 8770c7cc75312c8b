import { authStateContext } from "~/features/accounts/actor";
import { stayCalendarResponse } from "~/features/bookings/booking-calendar.server";
import { findMyBooking } from "~/features/bookings/my-bookings.server";
import { platformContext } from "~/platform/request-context";
import type { Route } from "./+types/my-booking-calendar";

/** /sponsor-profile/bookings/:id/stay.ics: one of the customer's own stays as a calendar file; anyone else's is not found. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const stay = await findMyBooking(platform.db, context.get(authStateContext).actor, params.id);
  if (!stay) throw new Response("Not found", { status: 404 });
  return stayCalendarResponse(stay, `${platform.env.APP_URL}/sponsor-profile/bookings/${stay.id}`);
}
