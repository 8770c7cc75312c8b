import { useForm } from "@conform-to/react";
import { Suspense } from "react";
import { data, Link, redirect, useSearchParams } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { safeRedirectPath } from "~/features/accounts/auth.schema";
import { googleSignInEnabled } from "~/features/accounts/auth.server";
import { startGoogleSignIn } from "~/features/accounts/google.server";
import { leavingSite } from "~/features/accounts/leave-site.server";
import { arriveAtCustomerLogin } from "~/features/accounts/login-arrival.server";
import { ADMIN_REFUSED_MESSAGE, googleSignInFailed, LOGIN_FAILED_TITLE, SIGNUP_FAILED_TITLE } from "~/features/accounts/messages";
import { requestMeta, type RequestMeta } from "~/features/accounts/request-meta";
import { signInWithPasskey } from "~/features/accounts/passkeys.server";
import { signInWithPassword } from "~/features/accounts/sign-in.server";
import { signUpCustomer } from "~/features/accounts/sign-up.server";
import { CONNECTION_FAILED, unlessServerUnreachable } from "~/platform/errors/server-unreachable";
import { formValues } from "~/platform/form-values";
import type { Result } from "~/platform/result";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import type { Platform } from "~/platform/runtime.server";
import { errorToast } from "~/platform/toast";
import { replyRefused } from "~/platform/toast.server";
import { FormError } from "~/ui/forms/form-error";
import { TextField } from "~/ui/forms/text-field";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { Button } from "~/ui/primitives/button";
import { LinkTabs } from "~/ui/primitives/link-tabs";
import { useToast } from "~/ui/toast/use-toast";
import { requestEmailCode, signInWithEmailCode, signInWithEmailLink } from "~/features/accounts/email-code.server";
import { requestPhoneCode, signInWithPhoneCode } from "~/features/accounts/phone-code.server";
import { formatPhone } from "~/features/accounts/phone-number.server";
import { EmailLinkFinish } from "~/features/accounts/sign-in-ways/email-link-finish";
import { lazyAfterHydration } from "~/platform/html/after-hydration";
import type { Way } from "~/features/accounts/sign-in-ways/customer-other-ways";
import { replyWithToast } from "~/platform/toast.server";
import { customerTwoStepPath } from "~/features/accounts/two-step/customer-two-step";
import type { Route } from "./+types/customer-auth";
import { useSending } from "~/ui/forms/use-sending";

const customerLogin = clientSchema(() => import("~/features/accounts/auth.schema").then((m) => m.CustomerLoginSchema));
const customerSignUp = clientSchema(() => import("~/features/accounts/auth.schema").then((m) => m.CustomerSignUpSchema));

const DEFAULT_DESTINATION = "/adopt-hive-signup";

export const meta: Route.MetaFunction = () => [
  { title: "Customer Account | Apiary" },
  { name: "description", content: "Log in or create your Apiary sponsor account to book stays and adopt hives." },
];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), DEFAULT_DESTINATION);
  const sentOn = url.searchParams.has("redirectTo");
  const arrival = await arriveAtCustomerLogin(platform, context.get(authStateContext), request, { redirectTo, sentOn });
  if (arrival.step === "in") throw redirect(redirectTo, arrival.headers && { headers: arrival.headers });
  // Signed in by a first step (Google's return among them), the second is still owed.
  if (context.get(authStateContext).pendingSecondFactor) throw redirect(customerTwoStepPath(redirectTo), arrival.headers && { headers: arrival.headers });
  const { toast, purpose, signedInAs, headers } = arrival;
  const way = url.searchParams.get("way");
  const link = url.searchParams.get("link");
  const shown = {
    redirectTo,
    purpose,
    google: googleSignInEnabled(platform),
    toast: toast ?? googleSignInFailed(url.searchParams.get("error")),
    signedInAs,
    way: way === "email" || way === "phone" || way === "wallet" ? (way as Way) : null,
    // The e-mailed link's token, for the one-click form that spends it (see EmailLinkFinish).
    link: link && link.length <= 200 ? link : null,
  };
  return data(shown, { headers });
}

type DoorPost = { platform: Platform; meta: RequestMeta; values: ReturnType<typeof formValues>; intent: FormDataEntryValue | null; redirectTo: string };

const INTENTS = {
  google: async ({ platform, meta, intent, redirectTo }: DoorPost) => {
    if (!googleSignInEnabled(platform)) return data({ intent, result: null, toast: null }, { status: 404 });
    const callback = `/customer-auth?google=done&redirectTo=${encodeURIComponent(redirectTo)}`;
    const errorCallback = `/customer-auth?redirectTo=${encodeURIComponent(redirectTo)}`;
    // Without JavaScript, by way of our own page (leave-site.server.ts: the CSP's form-action).
    return leavingSite(meta.headers, await startGoogleSignIn(platform, meta, "customer", { callbackURL: callback, errorCallbackURL: errorCallback }), platform.authSecret);
  },
  signup: async (post: DoorPost) => enter(post, await signUpCustomer(post.platform, post.values, post.meta), SIGNUP_FAILED_TITLE),
  login: async (post: DoorPost) => enter(post, await signInWithPassword(post.platform, "customer", post.values, post.meta), LOGIN_FAILED_TITLE),
  passkey: async (post: DoorPost) => enter(post, await signInWithPasskey(post.platform, "customer", post.values, post.meta), LOGIN_FAILED_TITLE),
  // Sign-in by a code (issue 34 §1, §2): ask for it, then give it (or follow the e-mailed link).
  "email-code-request": async (post: DoorPost) => codeSent(post, await requestEmailCode(post.platform, post.values, post.meta, post.redirectTo), (value) => ({ way: "email", to: value.email })),
  "email-code": async (post: DoorPost) => enter(post, await signInWithEmailCode(post.platform, post.values, post.meta), LOGIN_FAILED_TITLE, { way: "email", to: String(post.values.email ?? "") }),
  "email-link": async (post: DoorPost) => {
    const outcome = await signInWithEmailLink(post.platform, post.values.token, post.meta);
    if (outcome.ok) throw redirect(outcome.value.secondFactorRequired ? customerTwoStepPath(post.redirectTo) : post.redirectTo, { headers: outcome.value.headers });
    return replyWithToast({ intent: post.intent, result: null, linkFailed: outcome.message }, { title: outcome.title ?? LOGIN_FAILED_TITLE, description: outcome.message, variant: "error" }, outcome.status);
  },
  "phone-code-request": async (post: DoorPost) => codeSent(post, await requestPhoneCode(post.platform, post.values, post.meta), (value) => ({ way: "phone", to: value.phone, shown: value.shown })),
  "phone-code": async (post: DoorPost) => {
    const phone = String(post.values.phone ?? "");
    return enter(post, await signInWithPhoneCode(post.platform, post.values, post.meta), LOGIN_FAILED_TITLE, { way: "phone", to: phone, shown: phone.startsWith("+") ? formatPhone(phone) : phone });
  },
};

type CodeSent = { way: "email"; to: string } | { way: "phone"; to: string; shown: string };

/** A code on its way: the page turns to the code step (also without JavaScript), with the toast. */
function codeSent<T>(post: DoorPost, outcome: Result<T>, sent: (value: T) => CodeSent) {
  if (!outcome.ok) return replyRefused(outcome, { title: LOGIN_FAILED_TITLE, values: post.values, formError: outcome.fieldErrors ? "none" : "titled" }, { intent: post.intent });
  return replyWithToast({ intent: post.intent, result: null, sent: sent(outcome.value) }, outcome.toast ?? null);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const post: DoorPost = {
    platform: context.get(platformContext),
    meta: requestMeta(request, context.get(requestInfoContext).clientAddress),
    values: formValues(form),
    intent,
    redirectTo: safeRedirectPath(form.get("redirectTo"), DEFAULT_DESTINATION),
  };
  const run = typeof intent === "string" && Object.hasOwn(INTENTS, intent) ? INTENTS[intent as keyof typeof INTENTS] : INTENTS.login;
  return run(post);
}

/** In with the new session, or the refusal: under the fields it is about, else atop the form too (no toasts without JavaScript). */
function enter(post: DoorPost, outcome: Result<{ headers: Headers; secondFactorRequired?: boolean }>, title: string, sent?: CodeSent) {
  if (outcome.ok) throw redirect(outcome.value.secondFactorRequired ? customerTwoStepPath(post.redirectTo) : post.redirectTo, { headers: outcome.value.headers });
  return replyRefused(outcome, { title, values: post.values, formError: outcome.fieldErrors ? "none" : "titled", hideFields: ["code"] }, { intent: post.intent, ...(sent ? { sent } : {}) });
}

/** In the browser, a sign-in or sign-up that cannot reach the server says so, and the form keeps what was typed. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  return unlessServerUnreachable(serverAction, () => ({
    intent,
    result: null,
    toast: errorToast(intent === "signup" ? SIGNUP_FAILED_TITLE : LOGIN_FAILED_TITLE, CONNECTION_FAILED),
  }));
}

// Google and the other ways in come once the form is interactive (their server HTML stands until then).
const CustomerOtherWays = lazyAfterHydration(() => import("~/features/accounts/sign-in-ways/customer-other-ways"));

/** The form's two halves, each an address that keeps where the visitor goes next (and the way they chose). */
function authTabs(params: URLSearchParams) {
  const to = (tab: "login" | "signup") => {
    const next = new URLSearchParams(params);
    if (tab === "signup") next.set("tab", "signup");
    else next.delete("tab");
    return `?${next}`;
  };
  return [
    { key: "login", label: "Login", to: to("login") },
    { key: "signup", label: "Sign Up", to: to("signup") },
  ];
}

export default function CustomerAuth({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const tab = params.get("tab") === "signup" ? "signup" : "login";
  useToast(actionData?.toast ?? loaderData.toast);

  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-3xl font-bold tracking-tight text-ink">Customer Account</h1>
        <p className="mt-2 text-center text-ink-muted">Book stays, adopt hives and follow your bees.</p>
        {loaderData.purpose && (
          <div className="mt-4 rounded-xl bg-forest-50 p-3 text-center text-ink">
            <p className="font-semibold">
              {tab === "signup" ? "Create your account" : "Sign in"} to {loaderData.purpose}.
            </p>
            <p className="text-sm text-ink-muted">You come straight back to it, with everything you chose.</p>
          </div>
        )}
        {loaderData.signedInAs && (
          <p className="mt-4 rounded-xl bg-honey-100 p-3 text-sm text-ink" role="status">
            You are signed in as {loaderData.signedInAs}, an administrator account. {ADMIN_REFUSED_MESSAGE}
          </p>
        )}
        {loaderData.link && (
          <EmailLinkFinish token={loaderData.link} redirectTo={loaderData.redirectTo} failed={actionData && "linkFailed" in actionData ? (actionData.linkFailed ?? null) : null} />
        )}
        <LinkTabs label="Log in or sign up" tabs={authTabs(params)} current={tab} replace className="mt-6" listClassName="grid grid-cols-2 rounded-full" />
        <div className="mt-6">
          {tab === "login" ? (
            <LoginForm redirectTo={loaderData.redirectTo} lastResult={actionData?.intent === "login" || actionData?.intent == null ? actionData?.result : undefined} />
          ) : (
            <SignUpForm redirectTo={loaderData.redirectTo} lastResult={actionData?.intent === "signup" ? actionData?.result : undefined} />
          )}
        </div>
        <Suspense>
          <CustomerOtherWays
            redirectTo={loaderData.redirectTo}
            google={loaderData.google}
            open={isWay(actionData, "email") ? "email" : isWay(actionData, "phone") ? "phone" : loaderData.way}
            passkeyError={actionData?.intent === "passkey" ? (actionData.toast?.description ?? null) : null}
            emailSentTo={sentBy(actionData, "email")?.to ?? null}
            phoneSent={sentBy(actionData, "phone") ?? null}
            lastResult={isWay(actionData, "email") || isWay(actionData, "phone") ? actionData?.result : undefined}
          />
        </Suspense>
      </div>
    </div>
  );
}

type Answer = { intent?: unknown; sent?: CodeSent } | undefined;
const isWay = (answer: Answer, way: "email" | "phone") => typeof answer?.intent === "string" && answer.intent.startsWith(`${way}-code`);
function sentBy<W extends CodeSent["way"]>(answer: Answer, way: W): Extract<CodeSent, { way: W }> | undefined {
  return answer?.sent?.way === way ? (answer.sent as Extract<CodeSent, { way: W }>) : undefined;
}

type FormProps = { redirectTo: string; lastResult: Parameters<typeof useForm>[0]["lastResult"] };

function LoginForm({ redirectTo, lastResult }: FormProps) {
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    onValidate: customerLogin.validate,
    ...checkedOnSubmit,
  });
  const submitting = useSending("login");
  return (
    <SchemaForm
      form={form}
      schema={customerLogin}
      replace
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
      <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" />
      <Link to="/forgot-password?from=customer" className="self-end text-sm font-semibold text-link underline-offset-4 hover:underline">
        Forgot password?
      </Link>
      <Button type="submit" size="lg" disabled={submitting} className="mt-2">
        {submitting ? "Logging in…" : "Login"}
      </Button>
    </SchemaForm>
  );
}

function SignUpForm({ redirectTo, lastResult }: FormProps) {
  const [form, fields] = useForm({
    id: "signup",
    lastResult,
    onValidate: customerSignUp.validate,
    ...checkedOnSubmit,
  });
  const submitting = useSending("signup");
  return (
    <SchemaForm
      form={form}
      schema={customerSignUp}
      replace
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields.name} label="Your name" autoComplete="name" optional maxLength={100} />
      <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
      <TextField field={fields.password} label="Password" type="password" autoComplete="new-password" hint="At least 6 characters." />
      <TextField field={fields.companyName} label="Company name" autoComplete="organization" optional />
      <TextField field={fields.phoneNumber} label="Phone number" type="tel" autoComplete="tel" optional />
      <Button type="submit" size="lg" disabled={submitting} className="mt-2">
        {submitting ? "Creating your account…" : "Sign Up"}
      </Button>
    </SchemaForm>
  );
}
