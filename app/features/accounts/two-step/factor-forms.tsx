import { useForm, type SubmissionResult } from "@conform-to/react";
import { MessageSquareText, Smartphone, Trash2 } from "lucide-react";
import { Form, useLocation } from "react-router";
import { clientSchema } from "~/ui/forms/client-schema";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { TextField } from "~/ui/forms/text-field";
import { Button, ButtonLink } from "~/ui/primitives/button";
import { FreshProofStep } from "../fresh-proof/fresh-proof-step";
import type { ShownFactor } from "../second-factors.server";
import { FRIENDLY_NAME_MAX, TWO_STEP_INTENTS } from "./two-step-messages";
import { useSending } from "~/ui/forms/use-sending";

const addPhoneFactor = clientSchema(() => import("./two-step.schema").then((m) => m.AddPhoneFactorSchema));
const verifyPhoneFactor = clientSchema(() => import("./two-step.schema").then((m) => m.VerifyPhoneFactorSchema));

/**
 * The parts of the second factors' settings that both doors show beside the authenticator app's
 * (two-factor-settings.tsx): the list of factors with a Remove each, and adding a phone (its
 * number and name, then the texted code). Each form posts its intent to the page's action
 * (answered by two-step-forms.server.ts).
 */

export function FactorList({ factors, removeResult }: { factors: ShownFactor[]; removeResult?: SubmissionResult<string[]> | null }) {
  if (factors.length === 0) return <p className="mt-4 text-ink">No second step yet: signing in asks for one step only.</p>;
  const refusal = removeResult?.error?.[""] ?? removeResult?.error?.freshProof;
  return (
    <div className="mt-4">
      {refusal && <FormError errors={refusal} id="remove-factor-error" />}
      <ul className="mt-2 divide-y divide-border rounded-2xl border border-border" aria-label="Your second steps">
        {factors.map((factor) => (
          <FactorItem key={factor.id} factor={factor} />
        ))}
      </ul>
      <FreshProofStep formId={REMOVE_FACTOR_FORM} lastResult={removeResult} />
    </div>
  );
}

/** The rows' Remove forms share one "Confirm it's you" step (each is `remove-factor:<id>`). */
const REMOVE_FACTOR_FORM = "remove-factor";

function FactorItem({ factor }: { factor: ShownFactor }) {
  const removing = useSending(TWO_STEP_INTENTS.remove, { factorId: factor.id });
  const Icon = factor.kind === "phone" ? MessageSquareText : Smartphone;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="flex min-w-0 items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-forest-700" />
        <div className="min-w-0">
          <p className="font-semibold [overflow-wrap:anywhere] text-ink">{factor.friendlyName}</p>
          <p className="text-sm text-ink-muted">
            {factor.kind === "phone" ? `Text message to ${factor.phone}` : "Authenticator app"} · Added {factor.added} ·{" "}
            {factor.lastUsed ? `Last used ${factor.lastUsed}` : "Not used yet"}
          </p>
        </div>
      </div>
      <Form method="post" preventScrollReset id={`${REMOVE_FACTOR_FORM}:${factor.id}`}>
        <input type="hidden" name="intent" value={TWO_STEP_INTENTS.remove} />
        <input type="hidden" name="factorId" value={factor.id} />
        <Button type="submit" variant="outline" size="sm" disabled={removing} aria-label={`Remove ${factor.friendlyName}`}>
          <Trash2 aria-hidden="true" />
          {removing ? "Removing…" : "Remove"}
        </Button>
      </Form>
    </li>
  );
}

export type PhoneSent = { phone: string; shown: string; friendlyName: string };

/** Adding a phone: number and name; once a code is on its way, the code (the number and name ride along). */
export function AddPhoneFactor({ sent, addResult, verifyResult }: { sent?: PhoneSent | null; addResult?: SubmissionResult<string[]> | null; verifyResult?: SubmissionResult<string[]> | null }) {
  return sent ? <VerifyPhoneForm sent={sent} lastResult={verifyResult} /> : <PhoneNumberForm lastResult={addResult} />;
}

function PhoneNumberForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({
    id: "add-phone-factor",
    lastResult,
    onValidate: addPhoneFactor.validate,
    ...checkedOnSubmit,
  });
  const busy = useSending(TWO_STEP_INTENTS.addPhone);
  return (
    <SchemaForm form={form} schema={addPhoneFactor} preventScrollReset className="mt-3 flex max-w-md flex-col items-start gap-3">
      <input type="hidden" name="intent" value={TWO_STEP_INTENTS.addPhone} />
      <TextField field={fields.phone} label="Phone number" type="tel" inputMode="tel" autoComplete="tel" hint="With its country code, e.g. +1 360 555 0100." className="w-full" />
      <TextField
        field={fields.friendlyName}
        label="Name"
        optional
        hint="So you can tell your second steps apart, e.g. “My phone”."
        maxLength={FRIENDLY_NAME_MAX}
        autoComplete="off"
        className="w-full"
      />
      <Button type="submit" variant="outline" disabled={busy}>
        <MessageSquareText aria-hidden="true" />
        {busy ? "Sending…" : "Text me a code"}
      </Button>
    </SchemaForm>
  );
}

function VerifyPhoneForm({ sent, lastResult }: { sent: PhoneSent; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({
    id: "verify-phone-factor",
    lastResult,
    onValidate: verifyPhoneFactor.validate,
    ...checkedOnSubmit,
  });
  const busy = useSending(TWO_STEP_INTENTS.verifyPhone);
  const location = useLocation();
  return (
    <SchemaForm form={form} schema={verifyPhoneFactor} preventScrollReset className="mt-3 flex max-w-md flex-col items-start gap-3">
      <p className="text-ink">
        We texted a 6-digit code to <span className="font-semibold">{sent.shown}</span>. Enter it to add this phone.
      </p>
      <input type="hidden" name="intent" value={TWO_STEP_INTENTS.verifyPhone} />
      <input type="hidden" name="phone" value={sent.phone} />
      <input type="hidden" name="friendlyName" value={sent.friendlyName} />
      <TextField field={fields.code} label="Code from the text" inputMode="numeric" autoComplete="one-time-code" className="w-full" />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Verifying…" : "Verify and add"}
        </Button>
        {/* The same page again, without the code step: the number form comes back. */}
        <ButtonLink to={{ search: location.search, hash: location.hash }} variant="outline" preventScrollReset>
          Use another number
        </ButtonLink>
      </div>
    </SchemaForm>
  );
}
