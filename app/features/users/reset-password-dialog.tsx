import { FreshProofStep } from "~/features/accounts/fresh-proof/fresh-proof-step";
import { accountLabel } from "~/features/accounts/no-email";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { DialogButtons } from "~/ui/admin/dialog-buttons";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { TextField } from "~/ui/forms/text-field";
import { PASSWORD_RESET_FAILED } from "./messages";

const staffResetPasswordSchema = clientSchema(() => import("./users.schema").then((m) => m.StaffResetPasswordSchema));

/**
 * Reset Password of User Management and of Sponsors (the spec's reset-sponsor-password): its
 * failures are titled the spec's "Password Reset Failed". When the staff member's last proof of
 * who they are is over five minutes old, the command refuses and "Confirm it's you" asks for one,
 * then sends this form again.
 */
export function ResetPasswordDialog({
  person,
  closeHref,
  lastResult,
}: {
  person: { id: string; email: string };
  closeHref: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    onValidate: staffResetPasswordSchema.validate,
    ...checkedOnSubmit,
  });
  return (
    <ScreenDialog title="Reset Password" description={accountLabel(person.email)} closeHref={closeHref}>
      <SchemaForm form={form} schema={staffResetPasswordSchema} issueTitle={PASSWORD_RESET_FAILED} preventScrollReset className="flex flex-col gap-4">
        <input type="hidden" name="userId" value={person.id} />
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <p className="text-sm text-ink-muted">
          At least 8 characters. Common or previously compromised passwords are rejected. Every device signed in to the account is signed out, and the person is told by e-mail.
        </p>
        <TextField field={fields.newPassword} label="New password" type="password" autoComplete="new-password" maxLength={128} />
        <TextField field={fields.confirmPassword} label="Confirm new password" type="password" autoComplete="new-password" maxLength={128} />
        <DialogButtons closeHref={closeHref} label="Reset Password" intent="reset-password" />
      </SchemaForm>
      <FreshProofStep formId={form.id} lastResult={lastResult} />
    </ScreenDialog>
  );
}
