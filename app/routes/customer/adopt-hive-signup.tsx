import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { authStateContext, type Actor } from "~/features/accounts/actor";
import { requestMeta } from "~/features/accounts/request-meta";
import { adoptionDraftFrom, adoptionDraftPath, adoptionIssueToast, AdoptionRequestSchema } from "~/features/adoptions/adoption.schema";
import { createAdoption } from "~/features/adoptions/adoptions.server";
import { SIGN_IN_TO_ADOPT } from "~/features/adoptions/messages";
import { listAvailableAssets, listBookableLocations, listBookedRanges } from "~/features/bookings/availability.server";
import { BookingRequestSchema, portalIssueToast } from "~/features/bookings/booking.schema";
import { DATES_UNAVAILABLE } from "~/features/bookings/messages";
import { createBooking } from "~/features/bookings/bookings.server";
import { activeTiersForEveryPage } from "~/features/catalog/active-tiers.server";
import { loadFailures } from "~/platform/errors/load-failures.server";
import { CONNECTION_FAILED, unlessServerUnreachable } from "~/platform/errors/server-unreachable";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { errorToast, type Toast } from "~/platform/toast";
import { redirectWithToast } from "~/platform/toast.server";
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
  const viewer = viewerOf(actor);
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

function viewerOf(actor: Actor) {
  if (actor.kind === "anonymous") return { kind: "anonymous" as const };
  if (actor.kind === "staff") return { kind: "admin" as const, email: actor.email };
  return { kind: "customer" as const, email: actor.email, name: actor.name };
}

export async function action({ request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const { actor } = context.get(authStateContext);
  const formData = await request.formData();
  const intent = formData.get("intent") === "adopt" ? "adopt" : "book";

  if (intent === "book") {
    const submission = parseWithZod(formData, { schema: BookingRequestSchema });
    if (submission.status !== "success") {
      const issue = BookingRequestSchema.safeParse(Object.fromEntries(formData)).error?.issues[0];
      const toast = issue ? portalIssueToast(issue) : { title: "Validation Error", description: "" };
      return data({ intent, result: submission.reply(), toast: errorToast(toast.title, toast.description) }, { status: 400 });
    }
    const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
    const outcome = await createBooking(platform, actor, submission.payload, meta);
    if (!outcome.ok) {
      const title = outcome.error.code === "conflict" ? DATES_UNAVAILABLE.title : "Error creating booking";
      return data(
        { intent, result: submission.reply({ formErrors: [`${title}: ${outcome.error.message}`] }), toast: errorToast(title, outcome.error.message) },
        { status: outcome.error.code === "conflict" ? 409 : outcome.error.code === "rate_limited" ? 429 : 400 },
      );
    }
    // The spec's words, then where the request can be seen again: the profile, or (a guest) the e-mail.
    const toast: Toast = {
      title: "Booking request submitted!",
      description: "We'll contact you shortly to confirm your booking.",
      variant: "success",
      ...(actor.kind === "customer"
        ? { detail: `Your reference: ${outcome.booking.code}.`, link: { label: "See your request", href: `/sponsor-profile/bookings/${outcome.booking.id}` } }
        : { detail: `Your reference: ${outcome.booking.code}. The e-mail we sent you has the details and a link to see or cancel your request.` }),
    };
    throw await redirectWithToast("/", toast, platform.authSecret);
  }

  if (actor.kind === "anonymous") {
    // Signed out meanwhile (the session ended): sign in, then find the card as it was filled in.
    const tierId = formData.get("tierId");
    const back = typeof tierId === "string" && tierId ? adoptionDraftPath(PORTAL, tierId, adoptionDraftFrom(formDataParams(formData))) : PORTAL;
    throw await redirectWithToast(signInPath(back), SIGN_IN_TO_ADOPT, platform.authSecret);
  }
  const submission = parseWithZod(formData, { schema: AdoptionRequestSchema });
  if (submission.status !== "success") {
    const issue = AdoptionRequestSchema.safeParse(Object.fromEntries(formData)).error?.issues[0];
    const toast = issue ? adoptionIssueToast(issue) : { title: "Validation Error", description: "" };
    return data({ intent, result: submission.reply(), toast: errorToast(toast.title, toast.description) }, { status: 400 });
  }
  const outcome = await createAdoption(platform, actor, submission.payload);
  if (!outcome.ok) {
    return data(
      { intent, result: submission.reply({ formErrors: [`Error creating adoption: ${outcome.error.message}`] }), toast: errorToast("Error creating adoption", outcome.error.message) },
      { status: outcome.error.code === "rate_limited" ? 429 : outcome.error.code === "full" ? 409 : 400 },
    );
  }
  const toast = {
    title: "Adoption request submitted!",
    description: "Thank you for supporting bee conservation. Check your email for confirmation details.",
    variant: "success",
    link: { label: "See your adoption", href: "/sponsor-profile?tab=adoptions" },
  } satisfies Toast;
  throw await redirectWithToast("/", toast, platform.authSecret);
}

function formDataParams(formData: FormData) {
  const params = new URLSearchParams();
  for (const [key, value] of formData) if (typeof value === "string") params.append(key, value);
  return params;
}

/** In the browser, a booking or adoption request that cannot reach the server says so; the form keeps what was typed. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent") === "adopt" ? "adopt" : "book";
  const title = intent === "adopt" ? "Error creating adoption" : "Error creating booking";
  return unlessServerUnreachable(serverAction, () => ({ intent, result: undefined, toast: errorToast(title, CONNECTION_FAILED) }));
}

export default function AdoptHiveSignup({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  useToast(loaderData.failure);
  return <CustomerPortal {...loaderData} lastResult={actionData?.result} lastIntent={actionData?.intent} />;
}
