import { useForm } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { clientSchema } from "~/ui/forms/client-schema";
import { checkedOnSubmit } from "~/ui/forms/schema-form";
import { TextField } from "~/ui/forms/text-field";
import { Button } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import { lazyFormProps } from "~/ui/forms/lazy-form-props";
import { LINK_PHONE_INTENT, LINK_PHONE_REQUEST_INTENT } from "../sign-in-ways-messages";
import type { WayAnswer } from "./sign-in-ways-card";

const linkPhoneRequest = clientSchema(() => import("../sign-in-ways.schema").then((m) => m.LinkPhoneRequestSchema));
const linkPhone = clientSchema(() => import("../sign-in-ways.schema").then((m) => m.LinkPhoneSchema));

type Answer = WayAnswer & { result?: Parameters<typeof useForm>[0]["lastResult"] };

/**
 * Adding a phone number: the number, then the 6-digit code texted to it. The number is added
 * only once the code is right; a number that is another account's is refused then.
 */
export default function PhoneLink({ onDone }: { onDone: () => void }) {
  const [phone, setPhone] = useState<string | null>(null);
  return phone === null ? <AskNumber onSent={setPhone} /> : <EnterCode phone={phone} onBack={() => setPhone(null)} onDone={onDone} />;
}

function AskNumber({ onSent }: { onSent: (phone: string) => void }) {
  const fetcher = useFetcher<Answer>();
  useToast(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: "link-phone-request",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: linkPhoneRequest.validate,
    ...checkedOnSubmit,
  });
  const sent = fetcher.state === "idle" && fetcher.data?.intent === LINK_PHONE_REQUEST_INTENT && fetcher.data.toast?.variant === "success";
  const typed = fields.phone.value;
  useEffect(() => {
    if (sent && typed) onSent(typed);
    // Once per answer: the fetcher's data changes only with a new answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sent, fetcher.data]);
  return (
    <fetcher.Form method="post" {...lazyFormProps(form, linkPhoneRequest)} preventScrollReset className="flex max-w-md flex-col items-start gap-3">
      <input type="hidden" name="intent" value={LINK_PHONE_REQUEST_INTENT} />
      <TextField field={fields.phone} label="Phone number" type="tel" autoComplete="tel" hint="With its country code, e.g. +1 360 555 0100. We text it a code." className="w-full" />
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Sending…" : "Text me a code"}
      </Button>
    </fetcher.Form>
  );
}

function EnterCode({ phone, onBack, onDone }: { phone: string; onBack: () => void; onDone: () => void }) {
  const fetcher = useFetcher<Answer>();
  useToast(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: "link-phone",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: linkPhone.validate,
    ...checkedOnSubmit,
  });
  const added = fetcher.state === "idle" && fetcher.data?.intent === LINK_PHONE_INTENT && fetcher.data.toast?.variant === "success";
  useEffect(() => {
    if (added) onDone();
  }, [added, onDone]);
  return (
    <fetcher.Form method="post" {...lazyFormProps(form, linkPhone)} preventScrollReset className="flex max-w-md flex-col items-start gap-3">
      <input type="hidden" name="intent" value={LINK_PHONE_INTENT} />
      <input type="hidden" name="phone" value={phone} />
      <TextField
        field={fields.code}
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        hint={`The 6-digit code we texted to ${phone}.`}
        className="w-full"
        autoFocus
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Checking…" : "Add this number"}
        </Button>
        <Button variant="ghost" onClick={onBack}>
          Use another number
        </Button>
      </div>
    </fetcher.Form>
  );
}
