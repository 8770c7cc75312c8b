import { data } from "react-router";
import { z } from "~/platform/zod";
import { listAvailableAssets } from "~/features/bookings/availability.server";
import { loadFailures } from "~/platform/errors/load-failures.server";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { refusedPublicRead } from "~/platform/security/read-limit.server";
import type { Route } from "./+types/location-assets";

/** GET: the available assets of a location, by name (public; the booking widget's asset list). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = z.uuid().safeParse(params.locationId);
  if (!id.success) throw data({ error: "Unknown location" }, { status: 404 });
  const { db, logger } = context.get(platformContext);
  const refused = refusedPublicRead(db, context.get(requestInfoContext).clientAddress, "Error loading assets", { assets: [] });
  if (refused) return refused;
  const failures = loadFailures(logger);
  const assets = await failures.load("Error loading assets", [], () => listAvailableAssets(db, id.data));
  const failure = failures.first();
  return data({ assets, failure }, { status: failure ? 503 : 200, headers: { "Cache-Control": "no-store" } });
}
