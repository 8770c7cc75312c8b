import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ShieldCheck } from "lucide-react";
import { data, Link, redirect, useNavigation } from "react-router";
import { authStateContext, type AuthState } from "~/features/accounts/actor";
import { adminDestination, signOutNonAdmin } from "~/features/accounts/admin-guard.server";
import { AdminLoginSchema } from "~/features/accounts/auth.schema";
import { SecondFactorSchema } from "~/features/accounts/admin.schema";
import { googleSignInEnabled } from "~/features/accounts/auth.server";
import { recordAuditEvent } from "~/features/accounts/audit.server";
import { googleErrorToast, returnFromGoogle, startGoogleSignIn } from "~/features/accounts/google.server";
import { NOT_ADMIN_MESSAGE, SECOND_FACTOR_EXPIRED_MESSAGE, VERIFICATION_FAILED_TITLE } from "~/features/accounts/messages";
import { requestMeta, type RequestMeta } from "~/features/accounts/request-meta";
import { isBackOfficeUser } from "~/features/accounts/roles.server";
import {
  clearFirstFactorHeader,
  completeSecondFactor,
  firstFactorHeader,
  isSecondFactorExpired,
  readFirstFactor,
} from "~/features/accounts/second-factor.server";
import { deleteSession } from "~/features/accounts/session.server";
import { signInWithPassword } from "~/features/accounts/sign-in.server";
import { signOut } from "~/features/accounts/sign-out.server";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import type { Platform } from "~/platform/runtime.server";
import { errorToast, type Toast } from "~/platform/toast";
import { SecondFactorForm } from "~/features/accounts/second-factor-form";
import { FormError } from "~/ui/forms/form-error";
import { GoogleButton } from "~/ui/forms/google-button";
import { TextField } from "~/ui/forms/text-field";
import { SchemaForm } from "~/ui/forms/schema-form";
import { Button } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/admin-sign-in";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Login | Apiary" },
  { name: "robots", content: "noindex" },
];

/** Ends a non-administrator's session that Google just made, clearing its cookie. */
async function refuseSession(platform: Platform, state: AuthState, meta: RequestMeta) {
  return state.session ? signOutNonAdmin(platform, state, meta, "/auth") : new Headers();
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const state = context.get(authStateContext);
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const redirectTo = adminDestination(url.searchParams.get("redirectTo"));
  const google = await returnFromGoogle(request, "admin", platform.authSecret);
  const fromGoogle = google.returned;
  const passwordStep = (toast: Toast | null) => ({
    step: "password" as const,
    redirectTo,
    google: googleSignInEnabled(platform),
    toast,
    signedInAsCustomer: state.actor.kind === "customer" ? state.actor.email : null,
  });

  // Already an administrator: straight in.
  if (state.actor.kind === "staff") {
    if (fromGoogle) {
      await recordAuditEvent(platform.db, { type: "login_success", userId: state.actor.userId, details: { method: "google", portal: "admin" } }, meta);
      throw redirect(redirectTo, { headers: { "Set-Cookie": google.clear } });
    }
    throw redirect(redirectTo);
  }

  const pending = state.pendingSecondFactor;
  // Back from Google as someone who is not an administrator: that session ends here.
  if (fromGoogle && state.session && !(pending && (await isBackOfficeUser(platform.db, pending.userId)))) {
    const headers = await refuseSession(platform, state, meta);
    headers.append("Set-Cookie", google.clear);
    return data({ ...passwordStep(errorToast("Access Denied", NOT_ADMIN_MESSAGE)), signedInAsCustomer: null }, { headers });
  }

  if (pending && (await isBackOfficeUser(platform.db, pending.userId))) {
    if (isSecondFactorExpired(pending, platform.clock.now())) {
      await deleteSession(platform.db, pending.sessionId);
      return passwordStep(errorToast(VERIFICATION_FAILED_TITLE, SECOND_FACTOR_EXPIRED_MESSAGE));
    }
    return {
      step: "code" as const,
      redirectTo,
      email: pending.email,
      method: url.searchParams.get("method") === "backup" ? ("backup" as const) : ("totp" as const),
      toast: null,
    };
  }
  return passwordStep(googleErrorToast(url.searchParams.get("error")));
}

/** `notice`: a message for the page itself, which browsers without JavaScript show instead of the toast. */
type ActionResult = { intent: string; result?: SubmissionResult<string[]>; toast: Toast; notice?: string };

const noticeOf = (toast: Toast) => [toast.title, toast.description].filter(Boolean).join(": ");

export async function action({ request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const state = context.get(authStateContext);
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "login");
  const redirectTo = adminDestination(formData.get("redirectTo"));
  const back = redirectTo === "/admin" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(redirectTo)}`;

  if (intent === "google") {
    if (!googleSignInEnabled(platform)) throw data("Not Found", { status: 404 });
    const response = await startGoogleSignIn(platform, meta, "admin", {
      callbackURL: `/auth?google=done&redirectTo=${encodeURIComponent(redirectTo)}`,
      errorCallbackURL: "/auth",
    });
    response.headers.append("Set-Cookie", await firstFactorHeader("google", platform.authSecret));
    return response;
  }

  if (intent === "cancel") {
    // Ends the session that was waiting for its code (and clears its cookie).
    const headers = new Headers((await signOut(platform, state, "local", meta)).headers);
    headers.append("Set-Cookie", await clearFirstFactorHeader(platform.authSecret));
    throw redirect(back, { headers });
  }

  if (intent === "verify") {
    const pending = state.pendingSecondFactor;
    if (!pending) {
      // The pending session is gone (expired and removed, or ended in another tab).
      const toast = errorToast(VERIFICATION_FAILED_TITLE, SECOND_FACTOR_EXPIRED_MESSAGE);
      return data<ActionResult>({ intent, toast, notice: noticeOf(toast) }, { status: 401 });
    }
    const submission = parseWithZod(formData, { schema: SecondFactorSchema });
    if (submission.status !== "success") {
      const first = Object.values(submission.error ?? {}).flat()[0] ?? "";
      return data<ActionResult>({ intent, result: submission.reply({ hideFields: ["code"] }), toast: errorToast(VERIFICATION_FAILED_TITLE, first) }, { status: 400 });
    }
    const firstFactor = await readFirstFactor(request, platform.authSecret);
    const outcome = await completeSecondFactor(platform, pending, submission.value, firstFactor, meta);
    if (!outcome.ok) {
      const result = submission.reply({ hideFields: ["code"], fieldErrors: { code: [outcome.toast.description ?? ""] } });
      // A session that ended goes back to the password form, which says why.
      const ended = outcome.sessionEnded ? { notice: noticeOf(outcome.toast) } : { result };
      return data<ActionResult>({ intent, toast: outcome.toast, ...ended }, { status: outcome.status });
    }
    throw redirect(redirectTo, { headers: { "Set-Cookie": await clearFirstFactorHeader(platform.authSecret) } });
  }

  const submission = parseWithZod(formData, { schema: AdminLoginSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "";
    return data<ActionResult>({ intent: "login", result: submission.reply({ hideFields: ["password"] }), toast: errorToast("Validation Error", first) }, { status: 400 });
  }
  const outcome = await signInWithPassword(platform, "admin", submission.value, meta);
  if (!outcome.ok) {
    const result = submission.reply({ hideFields: ["password"], formErrors: [noticeOf(outcome.toast)] });
    return data<ActionResult>({ intent: "login", result, toast: outcome.toast }, { status: outcome.status });
  }
  const headers = new Headers(outcome.headers);
  if (outcome.secondFactorRequired) {
    headers.append("Set-Cookie", await firstFactorHeader("password", platform.authSecret));
    throw redirect(back, { headers });
  }
  throw redirect(redirectTo, { headers });
}

export default function AdminSignIn({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast ?? loaderData.toast);
  const codeStep = loaderData.step === "code";
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
              email={loaderData.email}
              redirectTo={loaderData.redirectTo}
              lastResult={actionData?.intent === "verify" ? actionData.result : undefined}
            />
          </div>
        ) : (
          <>
            <p className="mt-2 text-center text-ink-muted">Sign in to the Apiary back-office.</p>
            {loaderData.signedInAsCustomer && (
              <p className="mt-4 rounded-xl bg-honey-100 p-3 text-sm text-ink" role="status">
                You are signed in as {loaderData.signedInAsCustomer}, a customer account. Log in with an administrator account to use
                the back-office.
              </p>
            )}
            {actionData?.notice && (
              <div className="mt-6">
                <FormError errors={[actionData.notice]} id="admin-login-notice" />
              </div>
            )}
            <PasswordForm redirectTo={loaderData.redirectTo} lastResult={actionData?.intent === "login" ? actionData.result : undefined} />
            {loaderData.google && (
              <>
                <div className="my-6 flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
                  <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
                </div>
                <GoogleButton redirectTo={loaderData.redirectTo} />
              </>
            )}
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AdminLoginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  return (
    <SchemaForm
      form={form}
      schema={AdminLoginSchema}
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
