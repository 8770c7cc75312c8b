import { useForm, type SubmissionResult } from "@conform-to/react";
import { MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigation } from "react-router";
import { VALIDATION_ERROR_TITLE } from "~/features/accounts/messages";
import { requestPasswordRecovery } from "~/features/accounts/recovery.server";
import { requestMeta } from "~/features/accounts/request-meta";
import { formValues } from "~/platform/form-values";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { replyRefused } from "~/platform/toast.server";
import { TextField } from "~/ui/forms/text-field";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { Button, ButtonLink } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/forgot-password";

const forgotPasswordSchema = clientSchema(() => import("~/features/accounts/recovery.schema").then((m) => m.ForgotPasswordSchema));

export const meta: Route.MetaFunction = () => [
  { title: "Forgot Password | Apiary" },
  { name: "description", content: "Get a link to choose a new password for your Apiary account." },
  { name: "robots", content: "noindex" },
];

/**
 * The spec's "Back to Login" goes to the admin login (/auth). Customers who came from the
 * customer login (?from=customer) are sent back there instead: the admin door would refuse them.
 */
function loginPageFor(from: unknown) {
  return from === "customer" ? "/customer-auth" : "/auth";
}

export function loader({ url }: Route.LoaderArgs) {
  return { from: url.searchParams.get("from") === "customer" ? "customer" : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form);
  const loginPage = loginPageFor(form.get("from"));
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const outcome = await requestPasswordRecovery(context.get(platformContext), values, meta);
  if (outcome.ok) return { sentTo: outcome.value.email, loginPage, result: undefined, toast: null };
  // A refusal no field carries goes atop the form too: browsers without JavaScript show no toasts.
  const formError = outcome.fieldErrors ? "none" : "message";
  return replyRefused(outcome, { title: VALIDATION_ERROR_TITLE, values, formError }, { sentTo: null, loginPage });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const loginPage = actionData?.loginPage ?? loginPageFor(loaderData.from);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        {actionData?.sentTo ? (
          <CheckYourEmail email={actionData.sentTo} loginPage={loginPage} />
        ) : (
          <RequestForm from={loaderData.from} lastResult={actionData?.result} loginPage={loginPage} />
        )}
      </div>
    </div>
  );
}

function RequestForm({ from, lastResult, loginPage }: { from: string | null; lastResult: SubmissionResult<string[]> | undefined; loginPage: string }) {
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    onValidate: forgotPasswordSchema.validate,
    ...checkedOnSubmit,
  });
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <>
      <h1 className="text-center text-3xl font-bold tracking-tight text-ink">Forgot Password</h1>
      <p className="mt-2 text-center text-ink-muted">
        Enter the email address of your account and we&apos;ll send you a link to choose a new password.
      </p>
      <SchemaForm
        form={form}
        schema={forgotPasswordSchema}
        className="mt-6 flex flex-col gap-4"
      >
        {form.errors && (
          <p id={form.errorId} className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
            {form.errors[0]}
          </p>
        )}
        {from && <input type="hidden" name="from" value={from} />}
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <Button type="submit" size="lg" disabled={submitting} className="mt-2">
          {submitting ? "Sending…" : "Send Reset Link"}
        </Button>
      </SchemaForm>
      <p className="mt-6 text-center text-sm">
        <Link to={loginPage} className="font-semibold text-link underline underline-offset-4">
          Back to Login
        </Link>
      </p>
    </>
  );
}

function CheckYourEmail({ email, loginPage }: { email: string; loginPage: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person just used is gone: take focus (and screen readers) to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-forest-50 text-forest-700">
        <MailCheck aria-hidden="true" className="size-7" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="mt-4 text-3xl font-bold tracking-tight text-ink">
        Check Your Email
      </h1>
      <p className="mt-3 text-ink-muted">
        If an account exists for <strong className="font-semibold text-ink [overflow-wrap:anywhere]">{email}</strong>, we&apos;ve sent it a
        link to choose a new password. The link is valid for one hour.
      </p>
      <p className="mt-3 text-sm text-ink-muted">Nothing there? Check your spam folder, or try again in a few minutes.</p>
      <ButtonLink to={loginPage} size="lg" className="mt-6 w-full">
        Back to Login
      </ButtonLink>
    </div>
  );
}
