import { useForm, type SubmissionResult } from "@conform-to/react";
import { clientSchema } from "~/ui/forms/client-schema";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { TextField } from "~/ui/forms/text-field";
import { Button } from "~/ui/primitives/button";
import { useSending } from "~/ui/forms/use-sending";

const ssoStart = clientSchema(() => import("./sso.schema").then((m) => m.SsoStartSchema));

/** The admin login's single sign-on: the work address, whose domain names the organisation's provider. */
export function SsoSignInForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "sso-sign-in",
    lastResult,
    onValidate: ssoStart.validate,
    ...checkedOnSubmit,
  });
  const busy = useSending("sso");
  return (
    <section aria-labelledby="sso-heading" className="mt-6 border-t border-border pt-6">
      <h2 id="sso-heading" className="text-base font-semibold text-ink">
        Single sign-on
      </h2>
      <p className="mt-1 text-sm text-ink-muted">Staff of an organisation with its own sign-in: enter your work e-mail to continue there.</p>
      <SchemaForm form={form} schema={ssoStart} replace className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="sso" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormError errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} label="Work email" type="email" autoComplete="username" />
        <Button type="submit" variant="outline" size="lg" disabled={busy}>
          {busy ? "Redirecting…" : "Continue with single sign-on"}
        </Button>
      </SchemaForm>
    </section>
  );
}
