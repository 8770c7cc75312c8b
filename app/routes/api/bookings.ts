import { authStateContext } from "~/features/accounts/actor";
import { safeRedirectPath } from "~/features/accounts/auth.schema";
import { reserveDates } from "~/features/bookings/bookings.server";
import { AUTHENTICATION_REQUIRED, BOOKING_FAILED, BOOKING_REQUEST_SUBMITTED, GENERIC_BOOKING_FAILURE } from "~/features/bookings/messages";
import { unlessServerUnreachable } from "~/platform/errors/server-unreachable";
import { formValues } from "~/platform/form-values";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { errorToast, refusalToast } from "~/platform/toast";
import { redirectWithToast, replyWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/bookings";

/**
 * POST: the Reserve Your Dates widget's booking request (signed-in customers). Success and
 * "sign in first" are redirects carrying their toast; failures answer with the toast to show.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const form = formValues(await request.formData());
  const outcome = await reserveDates(platform, context.get(authStateContext).actor, form, { clientAddress: context.get(requestInfoContext).clientAddress });
  if (outcome.ok) throw await redirectWithToast("/sponsor-profile?tab=bookings", BOOKING_REQUEST_SUBMITTED, platform.authSecret);
  if (outcome.status === 401) {
    const back = safeRedirectPath(form.returnTo, "/stanwood");
    throw await redirectWithToast(`/customer-auth?redirectTo=${encodeURIComponent(`${back}#reserve`)}`, AUTHENTICATION_REQUIRED, platform.authSecret);
  }
  return replyWithToast({}, refusalToast(outcome, BOOKING_FAILED), outcome.status);
}

/** In the browser, a request that cannot reach the server gets the spec's fallback words instead of the error screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return unlessServerUnreachable(serverAction, () => ({ toast: errorToast(BOOKING_FAILED, GENERIC_BOOKING_FAILURE) }));
}
