import { useForm, type SubmissionResult } from "@conform-to/react";
import { KeyRound, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { clientSchema } from "~/ui/forms/client-schema";
import { FormError } from "~/ui/forms/form-error";
import { TextField } from "~/ui/forms/text-field";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { Button } from "~/ui/primitives/button";
import { showToast } from "~/ui/toast/show-toast";
import { ADD_PASSKEY_INTENT, PASSKEY_NAME_MAX, PASSKEY_NEEDS_JAVASCRIPT, REMOVE_PASSKEY_INTENT } from "../passkey-messages";
import { FreshProofStep } from "../fresh-proof/fresh-proof-step";
import { runPasskeyCeremony } from "./passkey-ceremony";
import { useSending } from "~/ui/forms/use-sending";

const namePasskey = clientSchema(() => import("../passkeys.schema").then((m) => m.NamePasskeySchema));

/** A passkey as the list shows it: dates already written out by the server. */
export type PasskeyRow = { id: string; name: string; added: string; lastUsed: string | null; synced: boolean };

/**
 * A person's passkeys: the list (name, when added, when last used) with a Remove button each
 * (plain forms, also without JavaScript), and the form that adds one: a name, then the browser's
 * passkey prompt, then the answer posted to the page's action (intent "add-passkey"). Used by the
 * sponsor's "Sign-in & security" tab and the back-office's Security page; `headingLevel` fits it
 * under the page's own headings.
 */
export function PasskeyManager({
  passkeys,
  lastResult,
  removeResult,
  headingLevel = 3,
}: {
  passkeys: PasskeyRow[];
  lastResult?: SubmissionResult<string[]>;
  /** The answer to a Remove: a refusal for want of a recent proof opens "Confirm it's you". */
  removeResult?: SubmissionResult<string[]>;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div data-testid="passkeys">
      <p className="max-w-prose text-ink-muted">
        A passkey signs you in with your fingerprint, face or device PIN instead of a password. It only works on this site, so it
        cannot be phished, and it counts as two-step verification on its own.
      </p>
      {passkeys.length === 0 ? (
        <p className="mt-4 text-ink">No passkeys yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-2xl border border-border" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {removeResult?.error?.freshProof && (
        <div className="mt-3">
          <FormError errors={removeResult.error.freshProof} id="remove-passkey-proof" />
          <FreshProofStep formId={REMOVE_PASSKEY_FORM} lastResult={removeResult} />
        </div>
      )}
      <Heading className="mt-6 font-semibold text-ink">Add a passkey</Heading>
      <AddPasskeyForm lastResult={lastResult} />
    </div>
  );
}

/** The rows' Remove forms share one "Confirm it's you" step (each is `remove-passkey:<id>`). */
const REMOVE_PASSKEY_FORM = "remove-passkey";

function PasskeyItem({ passkey }: { passkey: PasskeyRow }) {
  const removing = useSending(REMOVE_PASSKEY_INTENT, { passkeyId: passkey.id });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-forest-700" />
        <div className="min-w-0">
          <p className="font-semibold text-ink [overflow-wrap:anywhere]">{passkey.name}</p>
          <p className="text-sm text-ink-muted">
            Added {passkey.added} · {passkey.lastUsed ? `Last used ${passkey.lastUsed}` : "Not used yet"}
            {passkey.synced && " · Synced"}
          </p>
        </div>
      </div>
      <Form method="post" preventScrollReset id={`${REMOVE_PASSKEY_FORM}:${passkey.id}`}>
        <input type="hidden" name="intent" value={REMOVE_PASSKEY_INTENT} />
        <input type="hidden" name="passkeyId" value={passkey.id} />
        <Button type="submit" variant="outline" size="sm" disabled={removing} aria-label={`Remove passkey ${passkey.name}`}>
          <Trash2 aria-hidden="true" />
          {removing ? "Removing…" : "Remove"}
        </Button>
      </Form>
    </li>
  );
}

function AddPasskeyForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const submit = useSubmit();
  const [asking, setAsking] = useState(false);
  const sending = useSending(ADD_PASSKEY_INTENT);
  const [form, fields] = useForm({
    id: "add-passkey",
    lastResult,
    onValidate: namePasskey.validate,
    ...checkedOnSubmit,
    async onSubmit(event, { submission }) {
      // The browser's passkey prompt comes first; what is posted is the name with its answer.
      event.preventDefault();
      // No verdict (error null): the schema could not be fetched; the action checks the name.
      if (!submission || (submission.status !== "success" && submission.error !== null)) return;
      const name = submission.status === "success" ? submission.value.name : String(submission.payload.name ?? "");
      setAsking(true);
      const outcome = await runPasskeyCeremony({ kind: "register" });
      setAsking(false);
      if ("toast" in outcome) {
        if (outcome.toast) showToast(outcome.toast);
        return;
      }
      await submit({ intent: ADD_PASSKEY_INTENT, name, response: JSON.stringify(outcome.response) }, { method: "post", preventScrollReset: true });
      form.reset();
    },
  });
  const busy = asking || sending;
  return (
    <SchemaForm form={form} schema={namePasskey} preventScrollReset className="mt-3 flex max-w-md flex-col items-start gap-3">
      <TextField
        field={fields.name}
        label="Name"
        hint="So you can tell your passkeys apart, e.g. “Work laptop” or “Phone”."
        maxLength={PASSKEY_NAME_MAX}
        autoComplete="off"
        className="w-full"
      />
      <Button type="submit" disabled={busy}>
        <KeyRound aria-hidden="true" />
        {busy ? "Waiting for your passkey…" : "Add a passkey"}
      </Button>
      <noscript>
        <p className="text-sm text-ink-muted">{PASSKEY_NEEDS_JAVASCRIPT}</p>
      </noscript>
    </SchemaForm>
  );
}
