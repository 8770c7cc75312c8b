import { stayCalendarResponse } from "~/features/bookings/booking-calendar.server";
import { findGuestStay } from "~/features/bookings/guest-stay.server";
import { platformContext } from "~/platform/request-context";
import type { Route } from "./+types/guest-stay-calendar";

/** /stay/:token/stay.ics: the guest's stay as a calendar file, the signed link being the key. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const lookup = await findGuestStay(platform, params.token);
  if (!lookup.ok) throw new Response("Not found", { status: 404 });
  return stayCalendarResponse(lookup.value, `${platform.env.APP_URL}/stay/${params.token}`);
}
