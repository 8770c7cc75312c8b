/**
 * "Confirm it's you": the one client step of every change guarded by requireFreshProof
 * (fresh-proof.server.ts). When the action refuses with the `freshProof` field error, a dialog
 * offers the person's own ways (password, passkey, authenticator code, e-mailed code, loaded
 * from /reauthenticate); once one is accepted, the very form the person sent is sent again,
 * with what they typed and the button they pressed. Without JavaScript, the refusal shows a
 * link to /reauthenticate, which comes back here after the proof; the person sends again.
 *
 * Drop it beside (not inside) any form whose action may answer that refusal:
 *
 *   const [form, fields] = useForm({ id: "change-email", lastResult, … });   // Conform
 *   <Form id={form.id} …>…</Form>
 *   <FreshProofStep formId={form.id} lastResult={lastResult} />
 *
 * For a plain <Form>, give it an `id` and pass the action's Conform-shaped reply (replyRefused's
 * `result`) as `lastResult`. A list whose rows each have a form (Remove on every row) shares one
 * step: give the rows ids `${formId}:${rowId}`; the row that was sent is the one sent again.
 */
import type { SubmissionResult } from "@conform-to/react";
import { ShieldCheck } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { useToast } from "~/ui/toast/use-toast";
import { CONFIRM_IT_IS_YOU_TITLE, FRESH_PROOF_FIELD, type ProofWay } from "./fresh-proof.schema";
import { ProofForms, type ProofReply } from "./proof-forms";

type WaysData = { ways: ProofWay[]; email: string | null; returnTo: string };

/** Whether this reply is the "confirm it's you first" refusal. */
export function asksForFreshProof(lastResult: SubmissionResult<string[]> | null | undefined): boolean {
  return Boolean(lastResult?.error?.[FRESH_PROOF_FIELD]?.length);
}

export function FreshProofStep({ formId, lastResult }: { formId: string; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const asked = asksForFreshProof(lastResult);
  // Open for each new refusal until closed (or proven); the link opens it again.
  const [closedFor, setClosedFor] = useState<unknown>(null);
  const [reopened, setReopened] = useState(false);
  const open = asked && (closedFor !== lastResult || reopened);
  const setOpen = (next: boolean) => {
    setReopened(next);
    if (!next) setClosedFor(lastResult);
  };
  const submitter = useRef<HTMLElement | null>(null);
  const sentForm = useRef<HTMLFormElement | null>(null);
  const ways = useFetcher<WaysData>();
  const proof = useFetcher<ProofReply & { toast?: Parameters<typeof useToast>[0] }>();
  useToast(proof.data?.toast);

  // The button that sent the form (its name and value may be the intent): sent again the same way.
  useEffect(() => {
    const remember = (event: SubmitEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLFormElement) || (target.id !== formId && !target.id.startsWith(`${formId}:`))) return;
      sentForm.current = target;
      submitter.current = event.submitter;
    };
    document.addEventListener("submit", remember, true);
    return () => document.removeEventListener("submit", remember, true);
  }, [formId]);

  useEffect(() => {
    if (open && ways.state === "idle" && !ways.data) void ways.load(`/reauthenticate?returnTo=${encodeURIComponent(here)}`);
  }, [open, ways, here]);

  // Proven: close, and send the person's form again as they sent it.
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!proof.data?.proven || handled.current === proof.data) return;
    handled.current = proof.data;
    setReopened(false);
    setClosedFor(lastResult);
    const form = sentForm.current?.isConnected ? sentForm.current : document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const button = submitter.current;
    form.requestSubmit(button instanceof HTMLButtonElement && button.form === form && button.isConnected ? button : undefined);
  }, [proof.data, formId, lastResult]);

  if (!asked) return null;
  return (
    <>
      <p className="text-sm text-ink">
        <a
          href={`/reauthenticate?returnTo=${encodeURIComponent(here)}`}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
          className="font-semibold text-link underline underline-offset-4"
        >
          {CONFIRM_IT_IS_YOU_TITLE}
        </a>
        , then send it again.
      </p>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-forest-950/60 data-[state=open]:animate-fade-in" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl border border-border bg-surface p-6 text-ink shadow-card data-[state=open]:animate-pop-in sm:p-8">
            <Dialog.Title className="flex items-center gap-2 text-2xl font-bold tracking-tight">
              <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-forest-700" />
              {CONFIRM_IT_IS_YOU_TITLE}
            </Dialog.Title>
            <Dialog.Description className="mt-2 mb-6 text-ink-muted">
              It has been more than 5 minutes since you signed in. Confirm it's you and your change goes through as you sent it.
            </Dialog.Description>
            {ways.data ? (
              <ProofForms ways={ways.data.ways} email={ways.data.email} returnTo={here} fetcher={proof} reply={proof.data} busy={proof.state !== "idle"} />
            ) : (
              <p className="text-ink-muted">Loading…</p>
            )}
            <Dialog.Close className="mt-6 min-h-11 w-full rounded-full border border-border px-4 font-semibold text-ink hover:bg-ink/5">Cancel</Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
