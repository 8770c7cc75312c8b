import { useForm, type SubmissionResult } from "@conform-to/react";
import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { useNavigate, useNavigation } from "react-router";
import { PASSWORD_RESET_FAILED_TITLE, PASSWORD_UPDATED } from "~/features/accounts/messages";
import { RESET_PASSWORD_MIN_LENGTH, resetIssueToast } from "~/features/accounts/recovery.schema";
import { openResetLink, resetPasswordWithToken, type LoginPage } from "~/features/accounts/recovery.server";
import { requestMeta } from "~/features/accounts/request-meta";
import { formValues } from "~/platform/form-values";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import type { Refusal } from "~/platform/result";
import { refusalToast } from "~/platform/toast";
import { redirectWithToast, replyRefused } from "~/platform/toast.server";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { TextField } from "~/ui/forms/text-field";
import { Button, ButtonLink } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/reset-password";

const resetPasswordSchema = clientSchema(() => import("~/features/accounts/recovery.schema").then((m) => m.ResetPasswordSchema));

/** The spec's pause on the success message before the login page. */
const REDIRECT_AFTER_MS = 2000;

export const meta: Route.MetaFunction = () => [
  { title: "Reset Password | Apiary" },
  { name: "robots", content: "noindex" },
];

/** After a reset the page is reloaded as ?done=customer or ?done=admin, naming the login page to go to. */
const LOGIN_PAGES = { customer: "/customer-auth", admin: "/auth" } as const satisfies Record<string, LoginPage>;
const doneKey = (page: LoginPage) => (page === "/auth" ? "admin" : "customer");

/** The spec: a missing or bad link goes to the admin login, with the reason as a toast. */
async function leave(refusal: Refusal, secret: string) {
  return await redirectWithToast("/auth", refusalToast(refusal, PASSWORD_RESET_FAILED_TITLE), secret);
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const done = url.searchParams.get("done");
  if (done === "customer" || done === "admin") return { token: null, email: null, loginPage: LOGIN_PAGES[done] };
  const link = await openResetLink(platform, url.searchParams.get("token"));
  if (!link.ok) throw await leave(link, platform.authSecret);
  return { token: link.value.token, email: link.value.email, loginPage: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const form = await request.formData();
  const values = formValues(form);
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const outcome = await resetPasswordWithToken(platform, String(form.get("token") ?? ""), values, meta);
  // Post/redirect/get: a reload shows the success page again instead of re-sending the form.
  if (outcome.ok) throw await redirectWithToast(`/reset-password?done=${doneKey(outcome.value.loginPage)}`, PASSWORD_UPDATED, platform.authSecret);
  if (outcome.status === 404) throw await leave(outcome, platform.authSecret);
  // Atop the form when no field carries it, for browsers without JavaScript (no toasts there).
  return replyRefused(outcome, { title: PASSWORD_RESET_FAILED_TITLE, values, formError: outcome.fieldErrors ? "none" : "message" });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        {loaderData.loginPage ? (
          <ResetDone loginPage={loaderData.loginPage} />
        ) : (
          <NewPasswordForm token={loaderData.token} email={loaderData.email} lastResult={actionData?.result} />
        )}
      </div>
    </div>
  );
}

type FormProps = { token: string; email: string; lastResult: SubmissionResult<string[]> | undefined };

function NewPasswordForm({ token, email, lastResult }: FormProps) {
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    onValidate: resetPasswordSchema.validate,
    ...checkedOnSubmit,
  });
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <>
      <h1 className="text-center text-3xl font-bold tracking-tight text-ink">Reset Password</h1>
      <p className="mt-2 text-center text-ink-muted">
        Choose a new password for <strong className="font-semibold text-ink [overflow-wrap:anywhere]">{email}</strong>.
      </p>
      <SchemaForm
        form={form}
        schema={resetPasswordSchema}
        issueToast={resetIssueToast}
        className="mt-6 flex flex-col gap-4"
      >
        {form.errors && (
          <p id={form.errorId} className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
            {form.errors[0]}
          </p>
        )}
        <input type="hidden" name="token" value={token} />
        {/* Lets password managers store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          field={fields.password}
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${RESET_PASSWORD_MIN_LENGTH} characters. Common or easily guessed passwords are refused; a few unrelated words work well.`}
        />
        <TextField field={fields.confirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
        <Button type="submit" size="lg" disabled={submitting} className="mt-2">
          {submitting ? "Saving…" : "Reset Password"}
        </Button>
      </SchemaForm>
    </>
  );
}

function ResetDone({ loginPage }: { loginPage: LoginPage }) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    const timer = setTimeout(() => navigate(loginPage, { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loginPage, navigate]);
  return (
    <div className="flex flex-col items-center text-center">
      {/* Without JavaScript the browser itself moves on after the same pause. */}
      <noscript>
        <meta httpEquiv="refresh" content={`${REDIRECT_AFTER_MS / 1000};url=${loginPage}`} />
      </noscript>
      <span className="flex size-14 items-center justify-center rounded-full bg-forest-50 text-forest-700">
        <CircleCheck aria-hidden="true" className="size-7" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="mt-4 text-3xl font-bold tracking-tight text-ink">
        Password Updated
      </h1>
      <p className="mt-3 text-ink-muted" role="status">
        Your password has been reset and you have been signed out on every device. Taking you to the login page…
      </p>
      <ButtonLink to={loginPage} replace size="lg" className="mt-6 w-full">
        Go to Login
      </ButtonLink>
    </div>
  );
}
