import { useForm, type SubmissionResult } from "@conform-to/react";
import { accountLabel } from "~/features/accounts/no-email";
import { DialogButtons } from "~/ui/admin/dialog-buttons";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";

const accountAccessSchema = clientSchema(() => import("./account-access.schema").then((m) => m.AccountAccessSchema));
const endSessionsSchema = clientSchema(() => import("./account-access.schema").then((m) => m.EndSessionsSchema));

type Person = { id: string; email: string; disabled: boolean };
type DialogProps = { person: Person; closeHref: string; lastResult: SubmissionResult<string[]> | null };

/** User Management's End Sessions: signs the person out on every device; they may sign in again. */
export function EndSessionsDialog({ person, closeHref, lastResult }: DialogProps) {
  const [form] = useForm({ id: "end-sessions", lastResult, onValidate: endSessionsSchema.validate, ...checkedOnSubmit });
  return (
    <ScreenDialog title="End Sessions" description={accountLabel(person.email)} closeHref={closeHref}>
      <SchemaForm form={form} schema={endSessionsSchema} preventScrollReset>
        <input type="hidden" name="userId" value={person.id} />
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <p className="text-ink-muted">Every device signed in to this account is signed out at once. The person can sign in again; to stop that, disable the account.</p>
        <DialogButtons closeHref={closeHref} label="End Sessions" busyLabel="Ending…" intent="end-sessions" variant="danger" />
      </SchemaForm>
    </ScreenDialog>
  );
}

/** Disable Account / Enable Account: a disabled account cannot sign in any way until it is enabled again. */
export function AccountAccessDialog({ person, closeHref, lastResult }: DialogProps) {
  const [form] = useForm({ id: "account-access", lastResult, onValidate: accountAccessSchema.validate, ...checkedOnSubmit });
  const disable = !person.disabled;
  const title = disable ? "Disable Account" : "Enable Account";
  return (
    <ScreenDialog title={title} description={accountLabel(person.email)} closeHref={closeHref}>
      <SchemaForm form={form} schema={accountAccessSchema} preventScrollReset>
        <input type="hidden" name="userId" value={person.id} />
        <input type="hidden" name="access" value={disable ? "disable" : "enable"} />
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <p className="text-ink-muted">
          {disable
            ? "The person is signed out everywhere now and cannot sign in again in any way (password, Google, codes, wallets, passkeys) until the account is enabled. Their bookings, adoptions and details are kept."
            : "The person can sign in again in every way they could before."}
        </p>
        <DialogButtons closeHref={closeHref} label={title} busyLabel="Saving…" intent="account-access" variant={disable ? "danger" : undefined} />
      </SchemaForm>
    </ScreenDialog>
  );
}
