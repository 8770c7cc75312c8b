import { useForm, type SubmissionResult } from "@conform-to/react";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Form, useSubmit, type useFetcher } from "react-router";
import { clientSchema } from "~/ui/forms/client-schema";
import { FormError } from "~/ui/forms/form-error";
import { TextField } from "~/ui/forms/text-field";
import { Button } from "~/ui/primitives/button";
import { showToast } from "~/ui/toast/show-toast";
import { lazyFormProps } from "~/ui/forms/lazy-form-props";
import { runPasskeyCeremony } from "../sign-in-ways/passkey-ceremony";
import { PROVE_INTENT, SEND_PROOF_CODE_INTENT, type ProofWay } from "./fresh-proof-messages";

const passwordProof = clientSchema(() => import("./fresh-proof.schema").then((m) => m.PasswordProofSchema));
const totpProof = clientSchema(() => import("./fresh-proof.schema").then((m) => m.TotpProofSchema));
const emailCodeProof = clientSchema(() => import("./fresh-proof.schema").then((m) => m.EmailCodeProofSchema));

/** What /reauthenticate answers a post with: the refused form (Conform's reply) and which way it was for. */
export type ProofReply = { intent?: string | null; way?: string | null; result?: SubmissionResult<string[]> | null; proven?: boolean; codeSent?: boolean };

type Props = {
  ways: ProofWay[];
  email: string | null;
  returnTo: string;
  /** The dialog posts through its fetcher (the page stays as it is); the page posts with a navigation. */
  fetcher?: ReturnType<typeof useFetcher<ProofReply>>;
  reply: ProofReply | undefined;
  busy: boolean;
};

const ACTION = "/reauthenticate";

/**
 * The person's own ways to confirm it's them, each its own small form posting to /reauthenticate:
 * used by the "Confirm it's you" dialog and by the /reauthenticate page (no JavaScript needed,
 * except for a passkey).
 */
export function ProofForms({ ways, email, returnTo, fetcher, reply, busy }: Props) {
  if (ways.length === 0) {
    return <p className="text-ink">This account has no way to confirm it's you yet. Sign out and sign in again, then try once more.</p>;
  }
  const replyFor = (way: ProofWay) => (reply?.way === way ? reply.result : undefined);
  return (
    <div className="flex flex-col gap-6">
      {ways.includes("passkey") && <PasskeyProof fetcher={fetcher} returnTo={returnTo} busy={busy} />}
      {ways.includes("password") && <PasswordProof fetcher={fetcher} returnTo={returnTo} lastResult={replyFor("password")} busy={busy} />}
      {ways.includes("totp") && <CodeProof way="totp" fetcher={fetcher} returnTo={returnTo} lastResult={replyFor("totp")} busy={busy} />}
      {ways.includes("email-code") && email && (
        <EmailCodeProof email={email} fetcher={fetcher} returnTo={returnTo} lastResult={replyFor("email-code")} codeSent={Boolean(reply?.codeSent)} busy={busy} />
      )}
    </div>
  );
}

function Hidden({ way, returnTo, intent = PROVE_INTENT, stay }: { way: ProofWay; returnTo: string; intent?: string; stay: boolean }) {
  return (
    <>
      {/* The dialog stays on its page (the answer comes back as data); the page goes back to returnTo. */}
      {stay && <input type="hidden" name="stay" value="1" />}
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="way" value={way} />
      <input type="hidden" name="returnTo" value={returnTo} />
    </>
  );
}

function PasswordProof({ fetcher, returnTo, lastResult, busy }: { fetcher: Props["fetcher"]; returnTo: string; lastResult: SubmissionResult<string[]> | null | undefined; busy: boolean }) {
  const [form, fields] = useForm({ id: "proof-password", lastResult, onValidate: passwordProof.validate, shouldValidate: "onSubmit" });
  const FormComponent = fetcher ? fetcher.Form : Form;
  return (
    <FormComponent method="post" action={ACTION} {...lazyFormProps(form, passwordProof)} className="flex flex-col gap-3">
      <Hidden way="password" returnTo={returnTo} stay={Boolean(fetcher)} />
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields.password} label="Your password" type="password" autoComplete="current-password" maxLength={128} />
      <Button type="submit" disabled={busy} className="self-start">
        Confirm with password
      </Button>
    </FormComponent>
  );
}

function CodeProof({ way, fetcher, returnTo, lastResult, busy }: { way: "totp"; fetcher: Props["fetcher"]; returnTo: string; lastResult: SubmissionResult<string[]> | null | undefined; busy: boolean }) {
  const [form, fields] = useForm({ id: `proof-${way}`, lastResult, onValidate: totpProof.validate, shouldValidate: "onSubmit" });
  const FormComponent = fetcher ? fetcher.Form : Form;
  return (
    <FormComponent method="post" action={ACTION} {...lazyFormProps(form, totpProof)} className="flex flex-col gap-3">
      <Hidden way={way} returnTo={returnTo} stay={Boolean(fetcher)} />
      <FormError errors={form.errors} id={form.errorId} />
      <TextField field={fields.code} label="Code from your authenticator app" autoComplete="one-time-code" inputMode="numeric" maxLength={7} />
      <Button type="submit" variant="outline" disabled={busy} className="self-start">
        Confirm with authenticator code
      </Button>
    </FormComponent>
  );
}

function EmailCodeProof({ email, fetcher, returnTo, lastResult, codeSent, busy }: { email: string; fetcher: Props["fetcher"]; returnTo: string; lastResult: SubmissionResult<string[]> | null | undefined; codeSent: boolean; busy: boolean }) {
  const [form, fields] = useForm({ id: "proof-email-code", lastResult, onValidate: emailCodeProof.validate, shouldValidate: "onSubmit" });
  const FormComponent = fetcher ? fetcher.Form : Form;
  const asked = codeSent || Boolean(lastResult);
  return (
    <div className="flex flex-col gap-3">
      <FormComponent method="post" action={ACTION}>
        <Hidden way="email-code" returnTo={returnTo} intent={SEND_PROOF_CODE_INTENT} stay={Boolean(fetcher)} />
        <p className="mb-2 text-sm text-ink-muted [overflow-wrap:anywhere]">Or a 6-digit code by email, to {email}.</p>
        <Button type="submit" variant="outline" disabled={busy}>
          {asked ? "Send a new code" : "Email me a code"}
        </Button>
      </FormComponent>
      {asked && (
        <FormComponent method="post" action={ACTION} {...lazyFormProps(form, emailCodeProof)} className="flex flex-col gap-3">
          <Hidden way="email-code" returnTo={returnTo} stay={Boolean(fetcher)} />
          <FormError errors={form.errors} id={form.errorId} />
          <TextField field={fields.code} label="Code from the email" autoComplete="one-time-code" inputMode="numeric" maxLength={7} />
          <Button type="submit" disabled={busy} className="self-start">
            Confirm with e-mailed code
          </Button>
        </FormComponent>
      )}
    </div>
  );
}

/** The browser asks for one of the person's passkeys; its answer is posted like the other proofs. */
function PasskeyProof({ fetcher, returnTo, busy }: { fetcher: Props["fetcher"]; returnTo: string; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  const submit = useSubmit();
  async function prove() {
    setAsking(true);
    const outcome = await runPasskeyCeremony({ kind: "reauthenticate" });
    setAsking(false);
    if ("toast" in outcome) {
      if (outcome.toast) showToast(outcome.toast);
      return;
    }
    const body = { intent: PROVE_INTENT, way: "passkey", response: JSON.stringify(outcome.response), returnTo };
    if (fetcher) await fetcher.submit({ ...body, stay: "1" }, { method: "post", action: ACTION });
    else await submit(body, { method: "post", action: ACTION });
  }
  return (
    <div>
      <Button type="button" variant="outline" onClick={prove} disabled={busy || asking}>
        <KeyRound aria-hidden="true" />
        {asking ? "Waiting for your passkey…" : "Confirm with a passkey"}
      </Button>
      <noscript>
        <p className="mt-2 text-sm text-ink-muted">A passkey needs JavaScript: use another way below.</p>
      </noscript>
    </div>
  );
}
