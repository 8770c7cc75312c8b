import { ShieldCheck } from "lucide-react";
import { Dialog } from "radix-ui";
import type { FetcherWithComponents } from "react-router";
import type { useToast } from "~/ui/toast/use-toast";
import { CONFIRM_IT_IS_YOU_TITLE, type ProofWay } from "./fresh-proof-messages";
import { ProofForms, type ProofReply } from "./proof-forms";

/** What /reauthenticate answers: the ways this person can prove it is them. */
export type WaysData = { ways: ProofWay[]; email: string | null; returnTo: string };

export type ProofFetcher = FetcherWithComponents<ProofReply & { toast?: Parameters<typeof useToast>[0] }>;

/** FreshProofStep's dialog, in a module of its own: fetched the first time the step opens it. */
export function FreshProofDialog({
  open,
  onOpenChange,
  ways,
  returnTo,
  proof,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ways: WaysData | undefined;
  returnTo: string;
  proof: ProofFetcher;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
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
          {ways ? (
            <ProofForms ways={ways.ways} email={ways.email} returnTo={returnTo} fetcher={proof} reply={proof.data} busy={proof.state !== "idle"} />
          ) : (
            <p className="text-ink-muted">Loading…</p>
          )}
          <Dialog.Close className="mt-6 min-h-11 w-full rounded-full border border-border px-4 font-semibold text-ink hover:bg-ink/5">Cancel</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
