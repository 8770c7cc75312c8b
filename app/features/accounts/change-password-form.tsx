import { useForm, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, type useFetcher } from "react-router";
import { clientSchema } from "~/ui/forms/client-schema";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit } from "~/ui/forms/schema-form";
import { TextField } from "~/ui/forms/text-field";
import { Button } from "~/ui/primitives/button";
import { lazyFormProps } from "~/ui/forms/lazy-form-props";

const changePassword = clientSchema(() => import("./admin.schema").then((m) => m.ChangePasswordSchema));
const firstLoginPassword = clientSchema(() => import("./admin.schema").then((m) => m.FirstLoginPasswordSchema));

export const CHANGE_PASSWORD_INTENT = "change-password";

export type ChangePasswordFormProps = {
  id: string;
  /** The forced first-login change has no current-password field (the spec's two fields). */
  requireCurrent: boolean;
  email: string;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
  submitting: boolean;
  /** Where to post; the current route when absent. */
  action?: string;
  /** Post through this fetcher instead of navigating (the dialog opened from the menu). */
  fetcher?: ReturnType<typeof useFetcher>;
  /** Extra buttons beside the submit button, e.g. Cancel. */
  secondary?: ReactNode;
};

/** New password + confirmation (and the current password when asked), checked by the shared schema. */
export function ChangePasswordForm({ id, requireCurrent, email, redirectTo, lastResult, submitting, action, fetcher, secondary }: ChangePasswordFormProps) {
  const schema = requireCurrent ? changePassword : firstLoginPassword;
  const [form, fields] = useForm({
    id,
    lastResult,
    onValidate: schema.validate,
    ...checkedOnSubmit,
  });
  const FormComponent = fetcher ? fetcher.Form : Form;
  return (
    <FormComponent
      method="post"
      action={action}
      {...lazyFormProps(form, schema, { toast: true })}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value={CHANGE_PASSWORD_INTENT} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormError errors={form.errors} id={form.errorId} />
      {requireCurrent && <TextField field={fields.currentPassword} label="Current password" type="password" autoComplete="current-password" />}
      <TextField
        field={fields.newPassword}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters, and not a common or easily guessed one: a few unrelated words work well."
      />
      <TextField field={fields.confirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {secondary}
        <Button type="submit" disabled={submitting}>
          {submitting ? "Updating…" : "Update Password"}
        </Button>
      </div>
    </FormComponent>
  );
}
