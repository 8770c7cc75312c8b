import { data } from "react-router";
import { z } from "~/platform/zod";
import { listBookedRanges } from "~/features/bookings/availability.server";
import { platformContext } from "~/platform/request-context";
import type { Route } from "./+types/booked-dates";

/** GET: the property's today and the booked stays of an asset, for the calendar (public). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = z.uuid().safeParse(params.assetId);
  const calendar = id.success ? await listBookedRanges(context.get(platformContext).db, id.data) : undefined;
  if (!calendar) throw data({ error: "Unknown asset" }, { status: 404 });
  return data(calendar, { headers: { "Cache-Control": "no-store" } });
}
