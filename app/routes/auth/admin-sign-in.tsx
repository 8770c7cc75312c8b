import { useForm, type SubmissionResult } from "@conform-to/react";
import { ShieldCheck } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { authStateContext, type AuthState } from "~/features/accounts/actor";
import { adminDestination } from "~/features/accounts/admin-guard.server";
import { googleSignInEnabled } from "~/features/accounts/auth.server";
import { startGoogleSignIn } from "~/features/accounts/google.server";
import { leavingSite } from "~/features/accounts/leave-site.server";
import { arriveAtAdminLogin } from "~/features/accounts/login-arrival.server";
import { googleSignInFailed, LOGIN_FAILED_TITLE, VERIFICATION_FAILED_TITLE } from "~/features/accounts/messages";
import { requestMeta, type RequestMeta } from "~/features/accounts/request-meta";
import { adminExists } from "~/features/accounts/roles.server";
import { clearFirstFactorHeader, codeStepChoices, completeSecondFactor, firstFactorHeader, readFirstFactor } from "~/features/accounts/second-factor.server";
import { challengePhoneFactor } from "~/features/accounts/second-factors.server";
import { signInWithPasskey } from "~/features/accounts/passkeys.server";
import { PasskeySignIn } from "~/features/accounts/sign-in-ways/passkey-sign-in";
import { signInWithPassword } from "~/features/accounts/sign-in.server";
import { signOut } from "~/features/accounts/sign-out.server";
import { SsoSignInForm } from "~/features/single-sign-on/sso-sign-in-form";
import { anySsoProvider } from "~/features/single-sign-on/sso-providers.server";
import { startSsoSignIn } from "~/features/single-sign-on/sso-sign-in.server";
import { formValues } from "~/platform/form-values";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import type { Platform } from "~/platform/runtime.server";
import { replyRefused, replyWithToast } from "~/platform/toast.server";
import { SecondFactorForm } from "~/features/accounts/second-factor-form";
import { FormError } from "~/ui/forms/form-error";
import { GoogleButton } from "~/ui/forms/google-button";
import { TextField } from "~/ui/forms/text-field";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { Button } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/admin-sign-in";
import { useSending } from "~/ui/forms/use-sending";

const adminLoginSchema = clientSchema(() => import("~/features/accounts/auth.schema").then((m) => m.AdminLoginSchema));

export const meta: Route.MetaFunction = () => [
  { title: "Admin Login | Apiary" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const redirectTo = adminDestination(url.searchParams.get("redirectTo"));
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const arrival = await arriveAtAdminLogin(platform, context.get(authStateContext), request, meta);
  if (arrival.step === "in") throw redirect(redirectTo, arrival.headers && { headers: arrival.headers });
  if (arrival.step === "code") {
    const pending = context.get(authStateContext).pendingSecondFactor!;
    const { method, methods, phones } = await codeStepChoices(platform, pending.userId, url.searchParams.get("method"));
    return data({ step: "code" as const, redirectTo, email: arrival.email, method, methods, phones, toast: null });
  }
  const toast = arrival.toast ?? googleSignInFailed(url.searchParams.get("error"));
  // Before the first administrator exists nobody can sign in here: say where set-up is.
  const noAdministrator = !(await adminExists(platform.db));
  const shown = { step: "password" as const, redirectTo, google: googleSignInEnabled(platform), sso: await anySsoProvider(platform.db), toast, signedInAsCustomer: arrival.signedInAsCustomer, noAdministrator };
  return data(shown, { headers: arrival.headers });
}

type DoorPost = { request: Request; platform: Platform; state: AuthState; meta: RequestMeta; values: ReturnType<typeof formValues>; redirectTo: string };

/** Back to this page's password or code step, keeping where the administrator was going. */
const backHere = (redirectTo: string) => (redirectTo === "/admin" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(redirectTo)}`);

const INTENTS = {
  google: async ({ platform, meta, redirectTo }: DoorPost) => {
    if (!googleSignInEnabled(platform)) throw data("Not Found", { status: 404 });
    const callbackURL = `/auth?google=done&redirectTo=${encodeURIComponent(redirectTo)}`;
    const response = await startGoogleSignIn(platform, meta, "admin", { callbackURL, errorCallbackURL: "/auth" });
    response.headers.append("Set-Cookie", await firstFactorHeader("google", platform.authSecret));
    // Without JavaScript, by way of our own page (leave-site.server.ts: the CSP's form-action).
    return leavingSite(meta.headers, response, platform.authSecret);
  },
  // Staff of a domain with its own OpenID provider: off to it (features/single-sign-on).
  sso: async ({ platform, meta, values, redirectTo }: DoorPost) => {
    const outcome = await startSsoSignIn(platform, values, redirectTo, meta);
    if (!outcome.ok) return replyRefused(outcome, { title: LOGIN_FAILED_TITLE, values, formError: outcome.fieldErrors ? "none" : "titled" }, { intent: "sso" });
    throw await leavingSite(meta.headers, redirect(outcome.value.location, { headers: { "Set-Cookie": outcome.value.cookie } }), platform.authSecret);
  },
  // Ends the session that was waiting for its code (and clears its cookie).
  cancel: async ({ platform, state, meta, redirectTo }: DoorPost) => {
    const headers = new Headers((await signOut(platform, state, "local", meta)).headers);
    headers.append("Set-Cookie", await clearFirstFactorHeader(platform.authSecret));
    throw redirect(backHere(redirectTo), { headers });
  },
  verify: async ({ request, platform, state, meta, values, redirectTo }: DoorPost) => {
    const firstFactor = await readFirstFactor(request, platform.authSecret);
    const outcome = await completeSecondFactor(platform, state.pendingSecondFactor, values, firstFactor, meta);
    if (outcome.ok) {
      const headers = new Headers(outcome.value.headers);
      headers.append("Set-Cookie", await clearFirstFactorHeader(platform.authSecret));
      throw redirect(redirectTo, { headers });
    }
    // A refusal of the code stays at the code step; one that ended the session is said atop the password form.
    return replyRefused(outcome, { title: VERIFICATION_FAILED_TITLE, values, hideFields: ["code"], formError: outcome.fieldErrors ? "none" : "titled" }, { intent: "verify" });
  },
  // "Text me a code": the phone factor's challenge; the code step stays, now with a code on its way.
  challenge: async ({ platform, state, meta, values }: DoorPost) => {
    const outcome = await challengePhoneFactor(platform, state.pendingSecondFactor, values, meta);
    if (!outcome.ok) return replyRefused(outcome, { title: VERIFICATION_FAILED_TITLE, values, formError: "none" }, { intent: "challenge" });
    return replyWithToast({ intent: "challenge", result: null }, outcome.toast ?? null);
  },
  // A passkey is both factors: no code step follows.
  passkey: async ({ platform, meta, values, redirectTo }: DoorPost) => {
    const outcome = await signInWithPasskey(platform, "admin", values, meta);
    if (!outcome.ok) return replyRefused(outcome, { title: LOGIN_FAILED_TITLE, values, hideFields: ["response"], formError: "none" }, { intent: "passkey" });
    throw redirect(redirectTo, { headers: outcome.value.headers });
  },
  login: async ({ platform, meta, values, redirectTo }: DoorPost) => {
    const outcome = await signInWithPassword(platform, "admin", values, meta);
    if (!outcome.ok) return replyRefused(outcome, { title: LOGIN_FAILED_TITLE, values, formError: outcome.fieldErrors ? "none" : "titled" }, { intent: "login" });
    const headers = new Headers(outcome.value.headers);
    if (!outcome.value.secondFactorRequired) throw redirect(redirectTo, { headers });
    headers.append("Set-Cookie", await firstFactorHeader("password", platform.authSecret));
    throw redirect(backHere(redirectTo), { headers });
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "login");
  const post: DoorPost = {
    request,
    platform: context.get(platformContext),
    state: context.get(authStateContext),
    meta: requestMeta(request, context.get(requestInfoContext).clientAddress),
    values: formValues(form),
    redirectTo: adminDestination(form.get("redirectTo")),
  };
  return (Object.hasOwn(INTENTS, intent) ? INTENTS[intent as keyof typeof INTENTS] : INTENTS.login)(post);
}

export default function AdminSignIn({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast ?? loaderData.toast);
  const codeStep = loaderData.step === "code";
  // The code step's session ended: the password form says why (also without JavaScript, where no toast shows).
  const notice = actionData?.intent === "verify" ? actionData.result?.error?.[""] : undefined;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <div className="mx-auto mb-4 inline-flex size-12 items-center justify-center rounded-full bg-forest-800 text-cream" aria-hidden="true">
          <ShieldCheck className="size-6" />
        </div>
        <h1 className="text-center text-3xl font-bold tracking-tight text-ink">{codeStep ? "Two-Factor Authentication" : "Admin Login"}</h1>
        {loaderData.step === "code" ? (
          <div className="mt-4">
            <SecondFactorForm
              key={loaderData.method}
              method={loaderData.method}
              methods={loaderData.methods}
              phones={loaderData.phones}
              email={loaderData.email}
              redirectTo={loaderData.redirectTo}
              lastResult={actionData?.intent === "verify" ? actionData.result : undefined}
            />
          </div>
        ) : (
          <>
            <p className="mt-2 text-center text-ink-muted">Sign in to the Apiary back-office.</p>
            {loaderData.noAdministrator && (
              <div className="mt-4 rounded-xl border border-honey-300 bg-honey-50 p-3 text-sm text-ink" role="note" aria-labelledby="no-administrator">
                <p id="no-administrator" className="font-semibold">
                  No administrator exists yet.
                </p>
                <p className="mt-1">
                  Create the first one at{" "}
                  <Link to="/admin-setup" className="font-semibold text-link underline underline-offset-4">
                    Admin Setup
                  </Link>
                  , then log in here.
                </p>
              </div>
            )}
            {loaderData.signedInAsCustomer && (
              <p className="mt-4 rounded-xl bg-honey-100 p-3 text-sm text-ink" role="status">
                You are signed in as {loaderData.signedInAsCustomer}, a customer account. Log in with an administrator account to use
                the back-office.
              </p>
            )}
            {notice && (
              <div className="mt-6">
                <FormError errors={notice} id="admin-login-notice" />
              </div>
            )}
            <PasswordForm redirectTo={loaderData.redirectTo} lastResult={actionData?.intent === "login" ? (actionData.result ?? undefined) : undefined} />
            <div className="my-6 flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
              <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
            </div>
            {loaderData.google && <GoogleButton redirectTo={loaderData.redirectTo} />}
            <div className={loaderData.google ? "mt-3" : undefined}>
              <PasskeySignIn
                portal="admin"
                redirectTo={loaderData.redirectTo}
                error={actionData?.intent === "passkey" ? (actionData.toast?.description ?? null) : null}
              />
            </div>
            {loaderData.sso && <SsoSignInForm redirectTo={loaderData.redirectTo} lastResult={actionData?.intent === "sso" ? (actionData.result ?? undefined) : undefined} />}
          </>
        )}
      </div>
    </div>
  );
}

function PasswordForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult,
    onValidate: adminLoginSchema.validate,
    ...checkedOnSubmit,
  });
  const submitting = useSending("login");
  return (
    <SchemaForm
      form={form}
      schema={adminLoginSchema}
      replace
      className="mt-6 flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields.email} label="Email" type="email" autoComplete="username" />
      <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" />
      <div className="-mt-1 text-right">
        <Link to="/forgot-password" className="text-sm font-semibold text-link underline underline-offset-4">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={submitting}>
        {submitting ? "Logging in…" : "Login"}
      </Button>
    </SchemaForm>
  );
}
