import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";

/**
 * A full-screen view of what the public will see, over the editor (which stays as it was).
 * Portalled and modal: the editor's own dialog is rendered in place.
 */
export function PreviewDialog({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-forest-950/70" />
        <Dialog.Content aria-describedby={undefined} className="fixed inset-0 z-[60] flex flex-col bg-cream">
          <div className="flex items-center justify-between gap-4 border-b border-border bg-surface px-4 py-2 sm:px-6">
            <Dialog.Title className="text-base font-bold">
              {title} <span className="font-normal text-ink-muted">· not saved yet</span>
            </Dialog.Title>
            <Dialog.Close className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-border px-3 text-sm font-semibold hover:bg-cream-dark focus-visible:outline-2 focus-visible:outline-forest-700">
              <X aria-hidden="true" className="size-4" />
              Back to editing
            </Dialog.Close>
          </div>
          {/* Focusable, so the keyboard can scroll it too. */}
          <div role="region" aria-label={title} tabIndex={0} className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-forest-700">
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
