import { useForm } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "~/platform/zod";
import type { ClientSchema } from "~/ui/forms/client-schema";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { TextField } from "~/ui/forms/text-field";
import { Button } from "~/ui/primitives/button";
import { useSending } from "~/ui/forms/use-sending";

export type LastResult = Parameters<typeof useForm>[0]["lastResult"];

/**
 * The first step of a way by code: one field (an address or a number) and the button that sends
 * the code. A plain form post, so it works without JavaScript.
 */
export function AskForCode(props: {
  id: string;
  intent: string;
  schema: ClientSchema<z.ZodType>;
  name: "email" | "phone";
  label: string;
  type: "email" | "tel";
  autoComplete: string;
  hint?: string;
  submit: string;
  busy: string;
  redirectTo: string;
  lastResult: LastResult;
}) {
  const [form, fields] = useCodeStepForm(props);
  const busy = useSending(props.intent);
  return (
    <SchemaForm form={form} schema={props.schema} replace className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="redirectTo" value={props.redirectTo} />
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields[props.name]!} label={props.label} type={props.type} autoComplete={props.autoComplete} hint={props.hint} />
      <Button type="submit" variant="outline" size="lg" disabled={busy}>
        {busy ? props.busy : props.submit}
      </Button>
    </SchemaForm>
  );
}

/** Both steps' forms: checked on submit with the shared schema, then again as the person types. */
function useCodeStepForm({ id, lastResult, schema }: { id: string; lastResult: LastResult; schema: ClientSchema<z.ZodType> }) {
  return useForm({ id, lastResult, onValidate: schema.validate, ...checkedOnSubmit });
}

/**
 * The second step: the 6-digit code for the address or number the code went to (carried in a
 * hidden field), with a way to send a new one and a way back to change the address.
 */
export function EnterCode(props: {
  id: string;
  intent: string;
  resendIntent: string;
  schema: ClientSchema<z.ZodType>;
  name: "email" | "phone";
  sentTo: string;
  sentToShown: string;
  lead: string;
  changeHref: string;
  changeLabel: string;
  redirectTo: string;
  lastResult: LastResult;
}) {
  const [form, fields] = useCodeStepForm(props);
  const busy = useSending(props.intent);
  const resending = useSending(props.resendIntent);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink" role="status">
        {props.lead} <strong className="[overflow-wrap:anywhere]">{props.sentToShown}</strong>.
      </p>
      <SchemaForm form={form} schema={props.schema} replace className="flex flex-col gap-4">
        <input type="hidden" name="intent" value={props.intent} />
        <input type="hidden" name="redirectTo" value={props.redirectTo} />
        <input type="hidden" name={props.name} value={props.sentTo} />
        <FormError errors={form.errors} id={form.errorId} />
        <TextField field={fields.code!} label="6-digit code" autoComplete="one-time-code" inputMode="numeric" maxLength={7} autoFocus />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Checking…" : "Continue"}
        </Button>
      </SchemaForm>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Form method="post" replace>
          <input type="hidden" name="intent" value={props.resendIntent} />
          <input type="hidden" name="redirectTo" value={props.redirectTo} />
          <input type="hidden" name={props.name} value={props.sentTo} />
          <button type="submit" disabled={resending} className="min-h-10 font-semibold text-link underline-offset-4 hover:underline">
            {resending ? "Sending…" : "Send a new code"}
          </button>
        </Form>
        <a href={props.changeHref} className="min-h-10 content-center font-semibold text-link underline-offset-4 hover:underline">
          {props.changeLabel}
        </a>
      </div>
    </div>
  );
}
