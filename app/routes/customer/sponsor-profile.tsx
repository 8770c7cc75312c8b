import { BadgeCheck, CircleAlert, LogOut, MonitorSmartphone } from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";
import { Form, Link, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { authStateContext, type SignedInActor } from "~/features/accounts/actor";
import { refuseStaffAtCustomerDoor } from "~/features/accounts/customer-door";
import { CHANGE_PASSWORD_INTENT } from "~/features/accounts/change-password-form";
import { requestEmailChange } from "~/features/accounts/email-change.server";
import { EMAIL_NOT_SENT, PASSWORD_CHANGE_FAILED_TITLE, PASSWORD_CHANGED } from "~/features/accounts/messages";
import { changeOwnPassword } from "~/features/accounts/password-change.server";
import { CHANGE_EMAIL_INTENT, EMAIL_CHANGE_FAILED_TITLE } from "~/features/accounts/security-tab/account-change-messages";
import { ADD_PASSKEY_INTENT, PASSKEY_FAILED_TITLE, PASSKEY_REMOVE_FAILED_TITLE, REMOVE_PASSKEY_INTENT } from "~/features/accounts/passkey-messages";
import { answerPasskeyForm } from "~/features/accounts/passkeys.server";
import type { PhoneSent } from "~/features/accounts/two-step/factor-forms";
import { answerTwoStepForm, TWO_STEP_FORM_INTENTS, type TwoStepIntent } from "~/features/accounts/two-step/two-step-forms.server";
import { TWO_STEP_FAILED_TITLE } from "~/features/accounts/two-step/two-step-messages";
import { SignOutButton, SignOutScopes } from "~/features/accounts/sessions/sessions-list";
import { requestMeta } from "~/features/accounts/request-meta";
import { answerSignInWayForm } from "~/features/accounts/sign-in-ways.server";
import { leavingSite } from "~/features/accounts/leave-site.server";
import { REMOVE_WAY_INTENT, SIGN_IN_WAY_INTENTS, WAY_LINK_FAILED_TITLE, WAY_REMOVE_FAILED_TITLE } from "~/features/accounts/sign-in-ways-messages";
import type { SponsorAccount } from "~/features/accounts/sponsor-account.server";
import { resendVerificationEmail } from "~/features/accounts/verification.server";
import { ProfileCard as Card } from "~/features/sponsors/profile-card";
import { PROFILE_UPDATE_FAILED, PROFILE_UPDATED } from "~/features/sponsors/messages";
import { ProfileDetails, UPDATE_PROFILE_INTENT } from "~/features/sponsors/profile-details";
import { profileTabHref } from "~/features/sponsors/profile-tab";
import { ProfileTabsNav } from "~/features/sponsors/profile-tabs-nav";
import { updateSponsorProfile } from "~/features/sponsors/sponsor-profile.server";
import { sponsorProfilePage } from "~/features/sponsors/sponsor-profile-page.server";
import { QuickActions, TierCard } from "~/features/sponsors/tier-card";
import { formValues } from "~/platform/form-values";
import { failed, isFailure } from "~/platform/result";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { refusalToast, type Toast } from "~/platform/toast";
import { redirectWithToast, replyRefused, replyWithToast } from "~/platform/toast.server";
import { LoadFailureNotice } from "~/ui/errors/load-failure-notice";
import { Button, ButtonLink } from "~/ui/primitives/button";
import { cn } from "~/ui/primitives/cn";
import { pageMeta } from "~/ui/seo/page-meta";
import { useTabCodeFetchedEarly } from "~/ui/hooks/use-tab-code-fetched-early";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/sponsor-profile";
import { useSending } from "~/ui/forms/use-sending";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    title: "Sponsor Profile",
    description: "Your Apiary sponsor profile: your details, your stays and your adopted hives.",
    noindex: true,
  });

/** Bookings change when the team confirms or cancels one: the My Bookings tab follows live. */
export const handle = { live: ["bookings"] };

/** Opening the edit form needs no fresh data: it only shows the same values in inputs. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || nextUrl.searchParams.get("edit") !== "1") return defaultShouldRevalidate;
  const withoutEdit = (url: URL) => {
    const params = new URLSearchParams(url.searchParams);
    params.delete("edit");
    return params.toString();
  };
  return withoutEdit(currentUrl) === withoutEdit(nextUrl) ? false : defaultShouldRevalidate;
}

/**
 * The code of the tabs the page does not open on (My Bookings, My Adoptions, and Sign-in &
 * security with its forms, passkeys, wallets, second factors and devices) is fetched when that
 * tab is shown, not with the profile. Opened by its address, the page hydrates around the
 * server's HTML of the tab (links and plain forms that work without JavaScript) until the code is
 * here. Reached by a click, the code is fetched beside the tab's data and the router's update
 * (a transition) keeps the tab that was shown until both are here.
 */
const TAB_CODE = {
  bookings: () => import("~/features/sponsors/bookings-panel"),
  adoptions: () => import("~/features/sponsors/adoptions-panel"),
  security: () => import("~/features/accounts/security-tab/security-tab"),
};
const BookingsPanel = lazy(() => TAB_CODE.bookings().then((module) => ({ default: module.BookingsPanel })));
const AdoptionsPanel = lazy(() => TAB_CODE.adoptions().then((module) => ({ default: module.AdoptionsPanel })));
const SecurityTab = lazy(TAB_CODE.security);

export async function loader({ url, context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const { actor, session } = context.get(authStateContext);
  const page = await sponsorProfilePage(platform, actor, url, session);
  if ("goTo" in page) throw await redirectWithToast(page.goTo, page.toast, platform.authSecret);
  return page;
}

type Answer =
  | ReturnType<typeof replyRefused<{ intent: string }>>
  | ReturnType<typeof replyWithToast<{ intent: string | null; result: null; backupCodes?: string[]; phoneSent?: PhoneSent }>>
  | ReturnType<typeof replyWithToast<{ intent: string; result: null; sentTo: string }>>;
type Intent = (args: Route.ActionArgs, form: FormData, actor: SignedInActor) => Promise<Answer>;

/** Edit Profile: saved, back to the profile with a toast; refused, the form again with what was typed. */
const updateProfile: Intent = async ({ context }, form, actor) => {
  const platform = context.get(platformContext);
  const values = formValues(form);
  const outcome = await updateSponsorProfile(platform.db, actor, values);
  if (!outcome.ok) return replyRefused(outcome, { title: PROFILE_UPDATE_FAILED, values, formError: "titled" }, { intent: UPDATE_PROFILE_INTENT });
  throw await redirectWithToast(profileTabHref("profile"), PROFILE_UPDATED, platform.authSecret);
};

/** Resend verification e-mail: what happened is said in a toast and under the button. */
const resendVerification: Intent = async ({ request, context }, _form, actor) => {
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const outcome = await resendVerificationEmail(context.get(platformContext), actor, meta);
  const body = { intent: "resend-verification", result: null };
  return outcome.ok ? replyWithToast(body, outcome.toast ?? null) : replyWithToast(body, refusalToast(outcome, EMAIL_NOT_SENT.title), outcome.status);
};

/** Sign-in & security: add or remove a passkey (customers only, as the whole page). */
const passkeyForm: Intent = async ({ request, context }, form, actor) => {
  const intent = String(form.get("intent"));
  const customer = refuseStaffAtCustomerDoor(actor, "account");
  const values = formValues(form);
  const title = intent === ADD_PASSKEY_INTENT ? PASSKEY_FAILED_TITLE : PASSKEY_REMOVE_FAILED_TITLE;
  if (isFailure(customer)) return replyRefused(customer, { title, values }, { intent });
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const outcome = (await answerPasskeyForm(context.get(platformContext), customer, context.get(authStateContext).session, intent, values, meta))!;
  if (!outcome.ok) return replyRefused(outcome, { title, values, hideFields: ["response"], formError: "none" }, { intent });
  return replyWithToast({ intent, result: null }, outcome.toast ?? null);
};

/** Sign-in & security: ask to change (or add) the e-mail address; the change waits for the link. */
const changeEmail: Intent = async ({ request, context }, form, actor) => {
  const values = formValues(form);
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const outcome = await requestEmailChange(context.get(platformContext), actor, context.get(authStateContext).session, values, meta);
  if (!outcome.ok) return replyRefused(outcome, { title: EMAIL_CHANGE_FAILED_TITLE, values, formError: outcome.fieldErrors ? "none" : "message" }, { intent: CHANGE_EMAIL_INTENT });
  return replyWithToast({ intent: CHANGE_EMAIL_INTENT, result: null, sentTo: outcome.value.email }, outcome.toast ?? null);
};

/** Sign-in & security: change (or set a first) password, the staff's command; to the tab with the spec's toast. */
const changePassword: Intent = async ({ request, context }, form, actor) => {
  const platform = context.get(platformContext);
  const { session } = context.get(authStateContext);
  const values = formValues(form);
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const customer = refuseStaffAtCustomerDoor(actor, "account");
  if (isFailure(customer) || !session) return replyRefused(isFailure(customer) ? customer : failed(401, "Please log in again."), { title: PASSWORD_CHANGE_FAILED_TITLE, values }, { intent: CHANGE_PASSWORD_INTENT });
  const outcome = await changeOwnPassword({ platform, admin: { userId: customer.userId, email: customer.email, firstLogin: false }, sessionId: session.id, session, values, meta });
  if (!outcome.ok) return replyRefused(outcome, { title: PASSWORD_CHANGE_FAILED_TITLE, values, formError: outcome.fieldErrors ? "none" : "message" }, { intent: CHANGE_PASSWORD_INTENT });
  throw await redirectWithToast(profileTabHref("security"), PASSWORD_CHANGED, platform.authSecret);
};

/** Sign-in & security: add or remove a sign-in way (the "Sign-in ways" card); Google answers with its redirect. */
const signInWayForm: Intent = async ({ request, context }, form, actor) => {
  const intent = String(form.get("intent"));
  const values = formValues(form);
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const outcome = await answerSignInWayForm(context.get(platformContext), actor, context.get(authStateContext).session, intent, values, meta);
  // Google's redirect; without JavaScript by way of our own page (leave-site.server.ts: the CSP's form-action).
  if (outcome instanceof Response) throw await leavingSite(meta.headers, outcome, context.get(platformContext).authSecret);
  const title = intent === REMOVE_WAY_INTENT ? WAY_REMOVE_FAILED_TITLE : WAY_LINK_FAILED_TITLE;
  if (!outcome.ok) return replyRefused(outcome, { title, values, hideFields: ["code", "message", "signature"], formError: "none" }, { intent });
  return replyWithToast({ intent, result: null }, outcome.toast ?? null);
};

/** Sign-in & security: the second factors' forms, answered as at the back-office's door (a sponsor may go without one). */
const twoStepForm: Intent = async ({ request, context }, form, actor) => {
  const intent = String(form.get("intent")) as TwoStepIntent;
  const customer = refuseStaffAtCustomerDoor(actor, "account");
  const values = formValues(form);
  if (isFailure(customer)) return replyRefused(customer, { title: TWO_STEP_FAILED_TITLE, values }, { intent });
  const { session } = context.get(authStateContext);
  const platform = context.get(platformContext);
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const account = { userId: customer.userId, email: customer.email, sessionId: session!.id, session };
  const outcome = await answerTwoStepForm(platform, account, intent, values, meta, { required: false });
  if (!outcome.ok) return replyRefused(outcome, { title: TWO_STEP_FAILED_TITLE, values, hideFields: ["code"], formError: "none" }, { intent });
  return replyWithToast({ intent, result: null, backupCodes: outcome.value?.backupCodes, phoneSent: outcome.value?.phoneSent }, outcome.toast ?? null);
};

const INTENTS: Record<string, Intent> = {
  [CHANGE_EMAIL_INTENT]: changeEmail,
  [CHANGE_PASSWORD_INTENT]: changePassword,
  ...Object.fromEntries(SIGN_IN_WAY_INTENTS.map((intent) => [intent, signInWayForm])),
  [UPDATE_PROFILE_INTENT]: updateProfile,
  "resend-verification": resendVerification,
  [ADD_PASSKEY_INTENT]: passkeyForm,
  [REMOVE_PASSKEY_INTENT]: passkeyForm,
  ...Object.fromEntries(TWO_STEP_FORM_INTENTS.map((intent) => [intent, twoStepForm])),
};

export async function action(args: Route.ActionArgs) {
  const { actor } = args.context.get(authStateContext);
  if (actor.kind === "anonymous") throw redirect(`/customer-auth?redirectTo=${encodeURIComponent("/sponsor-profile")}`);
  const form = await args.request.formData();
  const asked = form.get("intent");
  const intent = typeof asked === "string" ? asked : null;
  const handler = intent && Object.hasOwn(INTENTS, intent) ? INTENTS[intent] : undefined;
  return handler ? handler(args, form, actor) : replyWithToast({ intent, result: null }, null, 400);
}

export default function SponsorProfile({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  useToast(actionData?.toast);
  useToast("failure" in loaderData ? loaderData.failure : null);
  useTabCodeFetchedEarly("/sponsor-profile", TAB_CODE);
  if (loaderData.view === "admin") return <AdminBarred email={loaderData.email} barred={loaderData.barred} />;
  if (loaderData.view === "not-found") return <ProfileNotFound />;
  if (loaderData.view === "load-failed") return <ProfileLoadFailed failure={loaderData.failure} />;
  const { tab } = loaderData;
  const editing = tab === "profile" && params.get("edit") === "1";
  return (
    <Page title="Sponsor Profile" intro="Your details, your stays and your adopted hives.">
      <ProfileTabsNav current={tab} />
      {/* Around every tab, always there: a tab whose code is still on its way keeps the one shown (see SecurityTab). */}
      <Suspense>
        <TabPanel tab={tab} loaderData={loaderData} actionData={actionData} editing={editing} />
      </Suspense>
    </Page>
  );
}

type Shown = Extract<Route.ComponentProps["loaderData"], { view: "customer" }>;

function TabPanel({ tab, loaderData, actionData, editing }: { tab: Shown["tab"]; loaderData: Shown; actionData: Route.ComponentProps["actionData"]; editing: boolean }) {
  const { account } = loaderData;
  return (
    <>
      {tab === "profile" && (
        <>
          <EmailCard account={account} resendResult={actionData?.intent === "resend-verification" ? (actionData.toast?.description ?? null) : null} />
          <ProfileDetails
            profile={loaderData.details}
            editing={editing}
            lastResult={actionData?.intent === UPDATE_PROFILE_INTENT ? actionData.result : undefined}
          />
          <div className="grid gap-6 md:grid-cols-2">
            <TierCard tier={loaderData.tier} pendingTier={loaderData.pendingTier} memberSince={loaderData.memberSince} />
            <QuickActions />
          </div>
        </>
      )}
      {tab === "bookings" && <BookingsPanel bookings={loaderData.bookings} failure={loaderData.failure} />}
      {tab === "adoptions" && <AdoptionsPanel adoptions={loaderData.adoptions} failure={loaderData.failure} />}
      {tab === "security" ? (
        <SecurityTab
          email={account.email}
          hasPassword={loaderData.hasPassword}
          signInWays={loaderData.signInWays}
          googleLinkable={loaderData.googleLinkable}
          passkeys={loaderData.passkeys}
          twoStep={loaderData.twoStep}
          sessions={loaderData.sessions}
          answer={actionData}
        />
      ) : (
        <SessionsSummaryCard activeSessions={account.activeSessions} />
      )}
    </>
  );
}

function Page({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-12 sm:px-6 sm:py-16">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
        {intro && <p className="mt-2 text-ink-muted">{intro}</p>}
      </header>
      {children}
    </div>
  );
}

function EmailCard({ account, resendResult }: { account: SponsorAccount; resendResult: string | null }) {
  const sending = useSending("resend-verification");
  return (
    <Card id="account-title" title="Account">
      {account.signedInWith ? <NoEmailFacts signedInWith={account.signedInWith} /> : <EmailFacts account={account} resendResult={resendResult} sending={sending} />}
    </Card>
  );
}

const NO_EMAIL_KIND_LABEL = { phone: "Phone", solana: "Solana wallet", ethereum: "Ethereum wallet" } as const;

/**
 * An account that began with a wallet (or phone) has no address yet: it shows the phone or wallet
 * it is known by instead, or, once it keeps none (only a passkey or Google), nothing in its place.
 */
function NoEmailFacts({ signedInWith }: { signedInWith: NonNullable<SponsorAccount["signedInWith"]> }) {
  const { kind } = signedInWith;
  return (
    <dl className="mt-4">
      {kind !== "account" && (
        <div className="mb-4">
          <dt className="text-sm font-semibold text-ink-muted">{NO_EMAIL_KIND_LABEL[kind]}</dt>
          <dd className="mt-1 text-lg text-ink [overflow-wrap:anywhere]">{signedInWith.shown}</dd>
        </div>
      )}
      <div>
        <dt className="text-sm font-semibold text-ink-muted">Email</dt>
        <dd className="mt-1 text-ink">None yet. We ask for one the first time you book a stay or adopt a hive.</dd>
      </div>
    </dl>
  );
}

function EmailFacts({ account, resendResult, sending }: { account: SponsorAccount; resendResult: string | null; sending: boolean }) {
  return (
    <>
      <dl className="mt-4">
        <dt className="text-sm font-semibold text-ink-muted">Email</dt>
        <dd className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
          <span className="text-lg text-ink [overflow-wrap:anywhere]">{account.email}</span>
          <VerificationBadge verified={account.emailVerified} />
        </dd>
      </dl>
      {!account.emailVerified && (
        <div className="mt-5 rounded-2xl bg-honey-50 p-4">
          <p className="text-sm text-ink">
            Please confirm your email address with the link we sent you. Until then, bookings made under this address are not
            linked to your account.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="resend-verification" />
            <Button type="submit" variant="outline" size="sm" disabled={sending}>
              {sending ? "Sending…" : "Resend verification e-mail"}
            </Button>
          </Form>
          {/* The toast says it too; this stays, and also reaches browsers without JavaScript. */}
          {resendResult && !sending && <p className="mt-3 text-sm text-ink">{resendResult}</p>}
        </div>
      )}
    </>
  );
}

function VerificationBadge({ verified }: { verified: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold [&_svg]:size-4",
        verified ? "bg-forest-50 text-forest-800" : "bg-honey-100 text-honey-900",
      )}
    >
      {verified ? <BadgeCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
      {verified ? "Verified" : "Not verified"}
    </span>
  );
}

function SessionsSummaryCard({ activeSessions }: { activeSessions: number }) {
  const others = Math.max(0, activeSessions - 1);
  return (
    <Card id="sessions-title" title="Sessions">
      <p className="mt-2 flex items-center gap-2 text-ink-muted">
        <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0" />
        {others === 0
          ? "You are signed in on this device only."
          : `You are signed in on this device and ${others} other${others === 1 ? "" : "s"}.`}
      </p>
      {/* The summary keeps all three: the other devices are counted, not listed, here. */}
      <SignOutScopes others />
    </Card>
  );
}

function AdminBarred({ email, barred }: { email: string; barred: string }) {
  return (
    <Page title="Sponsor Profile">
      <div role="status" className="rounded-3xl border border-honey-300 bg-honey-50 p-6 text-ink sm:p-8">
        <p className="font-semibold">You are signed in as {email}, an administrator account.</p>
        <p className="mt-2">{barred}</p>
        <ButtonLink to="/admin" variant="secondary" className="mt-5">
          Go to the back-office
        </ButtonLink>
      </div>
    </Page>
  );
}

function ProfileLoadFailed({ failure }: { failure: Toast }) {
  return (
    <Page title="Sponsor Profile">
      <LoadFailureNotice failure={failure} />
      <SupportOrSignOut />
    </Page>
  );
}

/** The way out of a profile page that cannot show the profile. */
function SupportOrSignOut() {
  return (
    <div className="flex flex-wrap gap-3">
      <ButtonLink to="/contact" variant="outline">
        Contact Support
      </ButtonLink>
      <SignOutButton scope="local" variant="secondary">
        <LogOut aria-hidden="true" />
        Sign Out
      </SignOutButton>
    </div>
  );
}

function ProfileNotFound() {
  return (
    <Page title="Profile Not Found" intro="There is no sponsor profile for this account. Please contact us and we will sort it out.">
      <SupportOrSignOut />
      <p className="text-sm text-ink-muted">
        Or <Link to="/" className="font-semibold text-link underline underline-offset-4">return to the home page</Link>.
      </p>
    </Page>
  );
}
