import { useForm, type SubmissionResult } from "@conform-to/react";
import { CircleCheck, LogIn, UserRoundPlus } from "lucide-react";
import { useNavigation } from "react-router";
import { setUpFirstAdmin } from "~/features/accounts/admin-setup.server";
import { ADMIN_SETUP_FAILED_MESSAGE, adminCreated, VALIDATION_ERROR_TITLE } from "~/features/accounts/messages";
import { requestMeta } from "~/features/accounts/request-meta";
import { adminExists } from "~/features/accounts/roles.server";
import { formValues } from "~/platform/form-values";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { refusalToast } from "~/platform/toast";
import { replyRefused, replyWithToast } from "~/platform/toast.server";
import { FormError } from "~/ui/forms/form-error";
import { TextField } from "~/ui/forms/text-field";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { Button, ButtonLink } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/admin-setup";

const adminSetupEmailSchema = clientSchema(() => import("~/features/accounts/admin.schema").then((m) => m.AdminSetupEmailSchema));
const adminSetupSchema = clientSchema(() => import("~/features/accounts/admin.schema").then((m) => m.AdminSetupSchema));

export const meta: Route.MetaFunction = () => [
  { title: "Admin Setup | Apiary" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context.get(platformContext);
  // A stranger may open this page: it tells only whether set-up is still needed and how it goes,
  // never the configured address or the settings' names (not even in the page's data).
  const exists = await adminExists(db);
  return {
    exists,
    emailConfigured: !exists && Boolean(env.ADMIN_EMAIL),
    passwordConfigured: !exists && Boolean(env.ADMIN_INITIAL_PASSWORD),
  };
}

/** A generated password may be on this page: it must not be cached anywhere. */
const NO_STORE = { "Cache-Control": "no-store" };

/** Creates the first administrator; refuses (409) once one exists. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const outcome = await setUpFirstAdmin(context.get(platformContext), values, meta);
  if (outcome.ok) return replyWithToast({ created: outcome.value, result: undefined }, adminCreated(outcome.value.email), 200, NO_STORE);
  if (outcome.fieldErrors) return replyRefused(outcome, { title: VALIDATION_ERROR_TITLE, values, formError: "none" }, { created: undefined });
  // No field: the page says it above the form (see `failure` below).
  return replyWithToast({ created: undefined, result: undefined }, refusalToast(outcome, ADMIN_SETUP_FAILED_MESSAGE), outcome.status, NO_STORE);
}

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const created = actionData?.created;
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col px-4 py-12 sm:py-16">
      <div className="rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-3xl font-bold tracking-tight text-ink">Admin Setup</h1>
        {created ? (
          <Created email={created.email} generatedPassword={created.generatedPassword} />
        ) : loaderData.exists ? (
          <Exists />
        ) : (
          <SetupForm
            emailConfigured={loaderData.emailConfigured}
            passwordConfigured={loaderData.passwordConfigured}
            lastResult={actionData?.result}
            // Shown in the page too: without JavaScript there is no toast.
            failure={actionData?.toast?.variant === "error" && !actionData.result ? [actionData.toast.title, actionData.toast.description].join(" ") : undefined}
          />
        )}
      </div>
    </div>
  );
}

function Exists() {
  return (
    <div className="mt-4 text-center">
      <p className="text-ink-muted">An administrator already exists, so there is nothing to set up. Log in to the back-office instead.</p>
      <ButtonLink to="/auth" size="lg" className="mt-6">
        <LogIn aria-hidden="true" />
        Go to Admin Login
      </ButtonLink>
    </div>
  );
}

function Created({ email, generatedPassword }: { email: string; generatedPassword?: string }) {
  return (
    <div className="mt-4" role="status">
      <p className="flex items-center justify-center gap-2 font-semibold text-forest-700">
        <CircleCheck aria-hidden="true" className="size-5" />
        The administrator account has been created.
      </p>
      <dl className="mt-6 space-y-4 rounded-2xl bg-cream-dark p-4">
        <div>
          <dt className="text-sm font-semibold text-ink-muted">Email</dt>
          <dd className="font-mono text-base break-all text-ink" data-testid="admin-email">
            {email}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-muted">Initial password</dt>
          {generatedPassword ? (
            <dd>
              <span className="font-mono text-lg font-semibold break-all text-ink" data-testid="admin-password">
                {generatedPassword}
              </span>
              <span className="mt-1 block text-sm text-ink">Shown once: copy it now, it cannot be displayed again.</span>
            </dd>
          ) : (
            <dd className="text-ink">The one set in the site's configuration.</dd>
          )}
        </div>
      </dl>
      <p className="mt-4 text-ink">The default password must be changed at first login.</p>
      <div className="mt-6 text-center">
        <ButtonLink to="/auth" size="lg">
          <LogIn aria-hidden="true" />
          Go to Admin Login
        </ButtonLink>
      </div>
    </div>
  );
}

function SetupForm({
  emailConfigured,
  passwordConfigured,
  lastResult,
  failure,
}: {
  emailConfigured: boolean;
  passwordConfigured: boolean;
  lastResult?: SubmissionResult<string[]>;
  failure?: string;
}) {
  const schema = emailConfigured ? adminSetupSchema : adminSetupEmailSchema;
  const [form, fields] = useForm({
    id: "admin-setup",
    lastResult,
    onValidate: schema.validate,
    ...checkedOnSubmit,
  });
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <>
      <p className="mt-2 text-center text-ink-muted">Create the first administrator of this site. This works only once: whoever uses it first becomes the administrator.</p>
      <SchemaForm
        form={form}
        schema={schema}
        className="mt-6 flex flex-col gap-4"
      >
        <FormError errors={failure ? [failure] : undefined} id="admin-setup-error" />
        {emailConfigured ? (
          <p className="text-sm text-ink-muted">The administrator's email address is set in the site's configuration.</p>
        ) : (
          <TextField field={fields.email} label="Administrator email" type="email" autoComplete="email" />
        )}
        <p className="text-sm text-ink-muted">
          {passwordConfigured
            ? "The initial password is the one set in the site's configuration."
            : "A strong initial password will be generated and shown once."}{" "}
          It must be changed at first login.
        </p>
        <Button type="submit" size="lg" disabled={submitting} className="mt-2">
          <UserRoundPlus aria-hidden="true" />
          {submitting ? "Creating…" : "Create Administrator"}
        </Button>
      </SchemaForm>
    </>
  );
}
