import { authStateContext, type Actor } from "~/features/accounts/actor";
import { refuseStaffAtCustomerDoor } from "~/features/accounts/customer-door";
import { requestMeta } from "~/features/accounts/request-meta";
import { adoptionDraftFrom, adoptionDraftPath } from "~/features/adoptions/adoption.schema";
import { createAdoption } from "~/features/adoptions/adoptions.server";
import { ADOPTION_REQUEST_SUBMITTED, ERROR_CREATING_ADOPTION, SIGN_IN_TO_ADOPT } from "~/features/adoptions/messages";
import { listAvailableAssets, listBookableLocations, listBookedRanges } from "~/features/bookings/availability.server";
import { createBooking } from "~/features/bookings/bookings.server";
import { ERROR_CREATING_BOOKING, portalBookingSubmitted } from "~/features/bookings/messages";
import type { PortalViewer } from "~/features/bookings/portal-booking-form";
import { activeTiersForEveryPage } from "~/features/catalog/active-tiers.server";
import { loadFailures } from "~/platform/errors/load-failures.server";
import { CONNECTION_FAILED, unlessServerUnreachable } from "~/platform/errors/server-unreachable";
import { formValues } from "~/platform/form-values";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { isFailure } from "~/platform/result";
import { errorToast } from "~/platform/toast";
import { redirectWithToast, replyRefused } from "~/platform/toast.server";
import { useToast } from "~/ui/toast/use-toast";
import { pageMeta } from "~/ui/seo/page-meta";
import { CustomerPortal } from "./customer-portal";
import type { Route } from "./+types/adopt-hive-signup";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    title: "Customer Portal",
    description: "Adopt a hive under one of our sponsorship tiers, or request a glamping stay by the lake at our Stanwood apiary.",
  });

export type PortalTab = "booking" | "hive";

const PORTAL = "/adopt-hive-signup";
const signInPath = (back: string) => `/customer-auth?redirectTo=${encodeURIComponent(back)}`;

export async function loader({ url, context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const { actor } = context.get(authStateContext);
  const params = url.searchParams;
  const tab: PortalTab = params.get("tab") === "booking" ? "booking" : "hive";
  const viewer = viewerOf(actor, tab);
  // A list that cannot be read leaves the rest of the portal usable, and says so.
  const failures = loadFailures(platform.logger);

  if (tab === "hive") {
    const tiers = await failures.load("Error loading tiers", [], () => activeTiersForEveryPage(platform));
    const chosen = tiers.find((tier) => tier.id === params.get("tier") && !tier.isFull) ?? null;
    if (chosen && viewer.kind === "anonymous") {
      // Choosing a tier needs an account: sign in, then come back with the tier still chosen.
      throw await redirectWithToast(signInPath(adoptionDraftPath(PORTAL, chosen.id, adoptionDraftFrom(params))), SIGN_IN_TO_ADOPT, platform.authSecret);
    }
    // Choices carried through a sign-in (see the action) fill the completion card again.
    const draft = chosen ? adoptionDraftFrom(params) : null;
    return { tab, viewer, tiers, chosenTierId: chosen?.id ?? null, draft, booking: null, failure: failures.first() };
  }

  const locations = await failures.load("Error loading locations", [], () => listBookableLocations(platform.db));
  const location = locations.find((l) => l.id === params.get("location")) ?? null;
  const assets = location ? await failures.load("Error loading assets", [], () => listAvailableAssets(platform.db, location.id)) : [];
  const asset = assets.find((a) => a.id === params.get("asset")) ?? null;
  const calendar = asset ? await failures.load("Error loading availability", undefined, () => listBookedRanges(platform.db, asset.id)) : undefined;
  return {
    tab,
    viewer,
    tiers: [],
    chosenTierId: null,
    draft: null,
    booking: { locations, locationId: location?.id ?? null, assets, asset, today: calendar?.today ?? null, booked: calendar?.ranges ?? [] },
    failure: failures.first(),
  };
}

function viewerOf(actor: Actor, tab: PortalTab): PortalViewer {
  if (actor.kind === "anonymous") return { kind: "anonymous" };
  const customer = refuseStaffAtCustomerDoor(actor, tab === "booking" ? "booking" : "adoption");
  if (isFailure(customer)) return { kind: "admin", email: actor.email, barred: customer.message };
  return { kind: "customer", email: customer.email, name: customer.name };
}

type Intent = (args: Route.ActionArgs, form: FormData) => Promise<ReturnType<typeof replyRefused<{ intent: string }>>>;

/** A stay requested in the portal (guests too): the confirmation on the home page says where to see it again. */
const book: Intent = async ({ request, context }, form) => {
  const platform = context.get(platformContext);
  const values = formValues(form);
  const outcome = await createBooking(platform, context.get(authStateContext).actor, values, requestMeta(request, context.get(requestInfoContext).clientAddress));
  if (!outcome.ok) return replyRefused(outcome, { title: ERROR_CREATING_BOOKING, values, formError: "titledWithoutFields" }, { intent: "book" });
  throw await redirectWithToast("/", portalBookingSubmitted(outcome.value), platform.authSecret);
};

/** A hive adopted from the completion card; signed out meanwhile (the session ended), sign in and find the card as it was filled in. */
const adopt: Intent = async ({ context }, form) => {
  const platform = context.get(platformContext);
  const values = formValues(form);
  const outcome = await createAdoption(platform, context.get(authStateContext).actor, values);
  if (outcome.ok) throw await redirectWithToast("/", ADOPTION_REQUEST_SUBMITTED, platform.authSecret);
  if (outcome.status === 401) {
    const tierId = form.get("tierId");
    const back = typeof tierId === "string" && tierId ? adoptionDraftPath(PORTAL, tierId, adoptionDraftFrom(formDataParams(form))) : PORTAL;
    throw await redirectWithToast(signInPath(back), SIGN_IN_TO_ADOPT, platform.authSecret);
  }
  return replyRefused(outcome, { title: ERROR_CREATING_ADOPTION, values, formError: "titledWithoutFields" }, { intent: "adopt" });
};

const INTENTS = { book, adopt };

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  return INTENTS[form.get("intent") === "adopt" ? "adopt" : "book"](args, form);
}

function formDataParams(formData: FormData) {
  const params = new URLSearchParams();
  for (const [key, value] of formData) if (typeof value === "string") params.append(key, value);
  return params;
}

/** In the browser, a booking or adoption request that cannot reach the server says so; the form keeps what was typed. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent") === "adopt" ? "adopt" : "book";
  const title = intent === "adopt" ? ERROR_CREATING_ADOPTION : ERROR_CREATING_BOOKING;
  return unlessServerUnreachable(serverAction, () => ({ intent, result: undefined, toast: errorToast(title, CONNECTION_FAILED) }));
}

export default function AdoptHiveSignup({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  useToast(loaderData.failure);
  return <CustomerPortal {...loaderData} lastResult={actionData?.result} lastIntent={actionData?.intent} />;
}
