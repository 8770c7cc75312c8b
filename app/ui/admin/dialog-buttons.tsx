import type { ReactNode } from "react";
import { Button, ButtonLink } from "~/ui/primitives/button";
import { useSending } from "~/ui/forms/use-sending";

/** A dialog's Cancel (back to the list as it was) and its submit button, named by the intent it sends; `children` go first (Preview). */
export function DialogButtons({ closeHref, label, busyLabel = "Saving…", intent, variant, children }: { closeHref: string; label: string; busyLabel?: string; intent: string; variant?: "danger"; children?: ReactNode }) {
  const busy = useSending(intent);
  return (
    <div className="mt-6 flex flex-wrap justify-end gap-3">
      {children}
      <ButtonLink to={closeHref} preventScrollReset variant="ghost">
        Cancel
      </ButtonLink>
      <Button type="submit" name="intent" value={intent} disabled={busy} variant={variant}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}

/** A dialog with nothing to send (a record that can't be changed, and the dialog says why): only a way back. */
export function CloseOnly({ closeHref }: { closeHref: string }) {
  return (
    <div className="mt-6 flex justify-end">
      <ButtonLink to={closeHref} preventScrollReset variant="outline">
        Close
      </ButtonLink>
    </div>
  );
}
