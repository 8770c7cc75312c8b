import { data } from "react-router";
import { z } from "~/platform/zod";
import { listAvailableAssets } from "~/features/bookings/availability.server";
import { platformContext } from "~/platform/request-context";
import type { Route } from "./+types/location-assets";

/** GET: the available assets of a location, by name (public; the booking widget's asset list). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = z.uuid().safeParse(params.locationId);
  if (!id.success) throw data({ error: "Unknown location" }, { status: 404 });
  const { db } = context.get(platformContext);
  return data({ assets: await listAvailableAssets(db, id.data) }, { headers: { "Cache-Control": "no-store" } });
}
