import { useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { ProfileCard as Card } from "~/features/sponsors/profile-card";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit } from "~/ui/forms/schema-form";
import { TextField } from "~/ui/forms/text-field";
import { clientSchema } from "~/ui/forms/client-schema";
import { Button } from "~/ui/primitives/button";
import { FreshProofStep } from "../fresh-proof/fresh-proof-step";
import { lazyFormProps } from "~/ui/forms/lazy-form-props";
import { CHANGE_EMAIL_INTENT } from "./account-change-messages";
import { useSending } from "~/ui/forms/use-sending";

const changeEmail = clientSchema(() => import("./account-change.schema").then((m) => m.ChangeEmailSchema));

/**
 * Sign-in & security: the account's e-mail address and the form to change it (or, for a phone
 * or wallet account, to add one). The change waits for the link sent to the new address.
 */
export function EmailCard({ email, lastResult, sentTo }: { email: string; lastResult: SubmissionResult<string[]> | null | undefined; sentTo: string | null }) {
  const sending = useSending(CHANGE_EMAIL_INTENT);
  const [form, fields] = useForm({
    id: "change-email",
    lastResult,
    onValidate: changeEmail.validate,
    ...checkedOnSubmit,
  });
  return (
    <Card id="email-title" title="Email address">
      <p className="mt-2 text-ink-muted [overflow-wrap:anywhere]">
        {email ? (
          <>
            Your account's address is <strong className="text-ink">{email}</strong>. A new one changes only when you follow the link we send to it, and we tell this address.
          </>
        ) : (
          "Your account has no email address yet. Add one: we send a link to confirm it."
        )}
      </p>
      {sentTo && (
        <p role="status" className="mt-3 rounded-2xl bg-honey-50 p-4 text-ink [overflow-wrap:anywhere]">
          We sent a link to {sentTo}. Your address changes when you follow it (within 24 hours).
        </p>
      )}
      <Form
        method="post"
        {...lazyFormProps(form, changeEmail, { toast: true })}
        className="mt-4 flex flex-col gap-4 sm:max-w-md"
      >
        <input type="hidden" name="intent" value={CHANGE_EMAIL_INTENT} />
        <FormError errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} label={email ? "New email address" : "Email address"} type="email" autoComplete="email" maxLength={255} />
        <Button type="submit" disabled={sending} className="self-start">
          {sending ? "Sending…" : email ? "Change email" : "Add email"}
        </Button>
      </Form>
      <FreshProofStep formId={form.id} lastResult={lastResult} />
    </Card>
  );
}
