import { data } from "react-router";
import { z } from "~/platform/zod";
import { listBookedRanges } from "~/features/bookings/availability.server";
import { loadFailures } from "~/platform/errors/load-failures.server";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { refusedPublicRead } from "~/platform/security/read-limit.server";
import type { Route } from "./+types/booked-dates";

/** GET: the property's today and the booked stays of an asset, for the calendar (public). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = z.uuid().safeParse(params.assetId);
  if (!id.success) throw data({ error: "Unknown asset" }, { status: 404 });
  const { db, logger } = context.get(platformContext);
  const refused = refusedPublicRead(db, context.get(requestInfoContext).clientAddress, "Error loading availability");
  if (refused) return refused;
  const failures = loadFailures(logger);
  const calendar = await failures.load("Error loading availability", null, () => listBookedRanges(db, id.data));
  const failure = failures.first();
  if (failure) return data({ failure }, { status: 503, headers: { "Cache-Control": "no-store" } });
  if (!calendar) throw data({ error: "Unknown asset" }, { status: 404 });
  return data(calendar, { headers: { "Cache-Control": "no-store" } });
}
