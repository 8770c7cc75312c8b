import { authStateContext } from "~/features/accounts/actor";
import { confirmContactEmail, requestContactEmailCode } from "~/features/accounts/contact-email.server";
import { ADD_EMAIL_FAILED_TITLE } from "~/features/accounts/messages";
import { requestMeta } from "~/features/accounts/request-meta";
import { adoptionDraftFrom, adoptionDraftPath } from "~/features/adoptions/adoption.schema";
import { createAdoption } from "~/features/adoptions/adoptions.server";
import { ADOPTION_REQUEST_SUBMITTED, ERROR_CREATING_ADOPTION, SIGN_IN_TO_ADOPT } from "~/features/adoptions/messages";
import { createBooking } from "~/features/bookings/bookings.server";
import { customerPortalPage, PORTAL_PATH, signInPath } from "~/features/sponsors/customer-portal.server";
import { ERROR_CREATING_BOOKING, portalBookingSubmitted } from "~/features/bookings/messages";
import { CONNECTION_FAILED, unlessServerUnreachable } from "~/platform/errors/server-unreachable";
import { formValues } from "~/platform/form-values";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { errorToast } from "~/platform/toast";
import { redirectWithToast, replyRefused, replyWithToast } from "~/platform/toast.server";
import { useToast } from "~/ui/toast/use-toast";
import { pageMeta } from "~/ui/seo/page-meta";
import { CustomerPortal } from "./customer-portal";
import type { Route } from "./+types/adopt-hive-signup";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    title: "Customer Portal",
    description: "Adopt a hive under one of our sponsorship tiers, or request a glamping stay by the lake at our Stanwood apiary.",
  });

export type { PortalTab } from "~/features/sponsors/customer-portal.server";

export async function loader({ url, context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const page = await customerPortalPage(platform, context.get(authStateContext).actor, url.searchParams);
  if ("goTo" in page) throw await redirectWithToast(page.goTo, page.toast, platform.authSecret);
  return page;
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
    const back = typeof tierId === "string" && tierId ? adoptionDraftPath(PORTAL_PATH, tierId, adoptionDraftFrom(formDataParams(form))) : PORTAL_PATH;
    throw await redirectWithToast(signInPath(back), SIGN_IN_TO_ADOPT, platform.authSecret);
  }
  return replyRefused(outcome, { title: ERROR_CREATING_ADOPTION, values, formError: "titledWithoutFields" }, { intent: "adopt" });
};

/** A phone or wallet account's first e-mail address (asked before it books or adopts): the address, then its code. */
const addEmailRequest = async ({ request, context }: Route.ActionArgs, form: FormData) => {
  const values = formValues(form);
  const outcome = await requestContactEmailCode(context.get(platformContext), context.get(authStateContext).actor, values, requestMeta(request, context.get(requestInfoContext).clientAddress));
  if (!outcome.ok) return replyRefused(outcome, { title: ADD_EMAIL_FAILED_TITLE, values, formError: "titledWithoutFields" }, { intent: "add-email-request" });
  return replyWithToast({ intent: "add-email-request", result: undefined, emailSentTo: outcome.value.email }, outcome.toast ?? null);
};

const addEmailCode = async ({ request, context, url }: Route.ActionArgs, form: FormData) => {
  const platform = context.get(platformContext);
  const values = formValues(form);
  const outcome = await confirmContactEmail(platform, context.get(authStateContext).actor, values, requestMeta(request, context.get(requestInfoContext).clientAddress));
  // Back to the same page, which now shows the form the person came for.
  if (outcome.ok) throw await redirectWithToast(`${url.pathname}${url.search}`, outcome.toast ?? null, platform.authSecret);
  return replyRefused(outcome, { title: ADD_EMAIL_FAILED_TITLE, values, formError: "titledWithoutFields", hideFields: ["code"] }, { intent: "add-email-code", emailSentTo: String(values.email ?? "") });
};

const INTENTS = { book, adopt, "add-email-request": addEmailRequest, "add-email-code": addEmailCode };

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = form.get("intent");
  return INTENTS[typeof intent === "string" && Object.hasOwn(INTENTS, intent) ? (intent as keyof typeof INTENTS) : "book"](args, form);
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
  return (
    <CustomerPortal
      {...loaderData}
      lastResult={actionData?.result}
      lastIntent={actionData?.intent}
      emailSentTo={actionData && "emailSentTo" in actionData ? actionData.emailSentTo : null}
    />
  );
}
