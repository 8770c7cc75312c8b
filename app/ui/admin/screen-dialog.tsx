import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { DialogToasts } from "~/ui/toast/dialog-toasts";

const overlayClass = "fixed inset-0 z-50 bg-forest-950/60 data-[state=open]:animate-fade-in";
const contentClass =
  "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 " +
  "overflow-y-auto rounded-3xl border border-border bg-surface p-6 text-ink shadow-card sm:p-8 data-[state=open]:animate-pop-in";

/**
 * A back-office dialog whose being open is in the URL (`?dialog=…&id=…`): the server renders
 * it open, so a link opens it, Back closes it and the form inside works without JavaScript.
 * Rendered in place (no portal) for that reason. Closing goes to `closeHref`, the list as it was.
 */
export function ScreenDialog({ title, description, closeHref, wide, children }: { title: string; description?: ReactNode; closeHref: string; /** For an editor of long text (Pages, Posts). */ wide?: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && void navigate(closeHref, { preventScrollReset: true })}>
      <Dialog.Overlay className={overlayClass} />
      <Dialog.Content className={`${contentClass} ${wide ? "w-[min(56rem,calc(100vw-2rem))]" : "w-[min(32rem,calc(100vw-2rem))]"}`} {...(description ? {} : { "aria-describedby": undefined })}>
        <div className="mb-5 flex items-start justify-between gap-4">
          <div>
            <Dialog.Title className="text-2xl font-bold tracking-tight">{title}</Dialog.Title>
            {description && <Dialog.Description className="mt-1 text-ink-muted [overflow-wrap:anywhere]">{description}</Dialog.Description>}
          </div>
          <Link
            to={closeHref}
            preventScrollReset
            aria-label="Close"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink transition-colors hover:bg-ink/5 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <X aria-hidden="true" className="size-5" />
          </Link>
        </div>
        <DialogToasts />
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}
