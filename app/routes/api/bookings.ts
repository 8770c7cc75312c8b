import { data } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { safeRedirectPath } from "~/features/accounts/auth.schema";
import { createBooking } from "~/features/bookings/bookings.server";
import { AUTHENTICATION_REQUIRED, DATES_UNAVAILABLE, GENERIC_BOOKING_FAILURE, missingInformation, type BookingField } from "~/features/bookings/messages";
import { unlessServerUnreachable } from "~/platform/errors/server-unreachable";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { errorToast } from "~/platform/toast";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/bookings";

/** The fields a booking needs, each with how the Missing Information toast names it. */
const REQUIRED = [
  ["assetId", "asset"],
  ["checkInDate", "checkIn"],
  ["checkOutDate", "checkIn"],
  ["guestName", "name"],
  ["guestEmail", "email"],
] as const satisfies readonly (readonly [string, BookingField])[];
const failure = (title: string, description: string, status: number) => data({ toast: errorToast(title, description) }, { status });

/**
 * POST: the Reserve Your Dates widget's booking request (signed-in customers). Success and
 * "sign in first" are redirects carrying their toast; failures answer with the toast to show.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const { actor } = context.get(authStateContext);
  const form = Object.fromEntries(await request.formData());
  const back = safeRedirectPath(form.returnTo, "/stanwood");

  if (actor.kind === "anonymous") {
    throw await redirectWithToast(`/customer-auth?redirectTo=${encodeURIComponent(`${back}#reserve`)}`, AUTHENTICATION_REQUIRED, platform.authSecret);
  }
  const missing = REQUIRED.filter(([field]) => typeof form[field] !== "string" || !String(form[field]).trim()).map(([, name]) => name);
  if (missing.length > 0) {
    const { title, description } = missingInformation([...new Set(missing)]);
    return failure(title, description, 400);
  }
  try {
    const outcome = await createBooking(platform, actor, form, { clientAddress: context.get(requestInfoContext).clientAddress });
    if (!outcome.ok) {
      if (outcome.error.code === "conflict") return failure(DATES_UNAVAILABLE.title, DATES_UNAVAILABLE.description, 409);
      return failure("Booking Failed", outcome.error.message, outcome.error.code === "rate_limited" ? 429 : outcome.error.code === "admin" ? 403 : 400);
    }
  } catch (error) {
    platform.logger.error({ err: error }, "booking request failed");
    return failure("Booking Failed", GENERIC_BOOKING_FAILURE, 500);
  }
  const toast = { title: "Booking Request Submitted!", description: "Check your email for the confirmation details. We'll contact you to confirm your stay.", variant: "success" } as const;
  throw await redirectWithToast("/sponsor-profile?tab=bookings", toast, platform.authSecret);
}

/** In the browser, a request that cannot reach the server gets the spec's fallback words instead of the error screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return unlessServerUnreachable(serverAction, () => ({ toast: errorToast("Booking Failed", GENERIC_BOOKING_FAILURE) }));
}
