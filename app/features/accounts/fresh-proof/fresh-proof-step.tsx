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
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { useToast } from "~/ui/toast/use-toast";
import type { ProofFetcher, WaysData } from "./fresh-proof-dialog";
import { CONFIRM_IT_IS_YOU_TITLE, FRESH_PROOF_FIELD } from "./fresh-proof-messages";

const FreshProofDialog = lazy(() => import("./fresh-proof-dialog").then((module) => ({ default: module.FreshProofDialog })));

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
  const proof: ProofFetcher = useFetcher();
  useToast(proof.data?.toast);
  // Once shown, the dialog stays mounted so that it can close as it opened.
  const [dialogShown, setDialogShown] = useState(false);
  if (open && !dialogShown) setDialogShown(true);

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
      {/* The dialog's code (Radix's dialog and the proof forms) is fetched when it first opens. */}
      {(open || dialogShown) && (
        <Suspense fallback={null}>
          <FreshProofDialog open={open} onOpenChange={setOpen} ways={ways.data} returnTo={here} proof={proof} />
        </Suspense>
      )}
    </>
  );
}
