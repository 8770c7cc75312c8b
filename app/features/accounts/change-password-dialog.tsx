import type { SubmissionResult } from "@conform-to/react";
import { KeyRound, LogOut } from "lucide-react";
import { Dialog } from "radix-ui";
import { useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { Toast } from "~/platform/toast";
import { LogoutForm } from "~/ui/layout/logout-form";
import { Button } from "~/ui/primitives/button";
import { DialogToasts } from "~/ui/toast/dialog-toasts";
import { useToast } from "~/ui/toast/use-toast";
import { CHANGE_PASSWORD_INTENT, ChangePasswordForm } from "./change-password-form";
import { useSending } from "~/ui/forms/use-sending";

const overlayClass = "fixed inset-0 z-50 bg-forest-950/60 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out";
const contentClass =
  "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 " +
  "overflow-y-auto rounded-3xl border border-border bg-surface p-6 text-ink shadow-card sm:p-8 " +
  "data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out";

function DialogHeading({ description }: { description: ReactNode }) {
  return (
    <div className="mb-6">
      <div className="mb-4 inline-flex size-12 items-center justify-center rounded-full bg-honey-100 text-honey-800" aria-hidden="true">
        <KeyRound className="size-6" />
      </div>
      <Dialog.Title className="text-2xl font-bold tracking-tight">Change Password</Dialog.Title>
      <Dialog.Description className="mt-2 text-ink-muted">{description}</Dialog.Description>
    </div>
  );
}

const stay = (event: Event) => event.preventDefault();

/**
 * The first-login change (spec: forced and non-dismissable). No close button; Escape and clicks
 * outside do nothing; focus stays inside. Rendered in place rather than in a portal, so the
 * server's HTML already holds it and the form works before (or without) JavaScript. The only
 * way out besides a new password is to log out.
 */
export function ForcedChangePasswordDialog({
  email,
  redirectTo,
  lastResult,
}: {
  email: string;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const submitting = useSending(CHANGE_PASSWORD_INTENT);
  return (
    <Dialog.Root open modal>
      <Dialog.Overlay className={overlayClass} />
      <Dialog.Content
        className={contentClass}
        onEscapeKeyDown={stay}
        onPointerDownOutside={stay}
        onInteractOutside={stay}
        data-testid="forced-password-change"
      >
        <DialogHeading description="This is your first login. Replace the initial password with one only you know before you continue." />
        <DialogToasts />
        <ChangePasswordForm
          id="first-login-password"
          requireCurrent={false}
          email={email}
          redirectTo={redirectTo}
          lastResult={lastResult}
          submitting={submitting}
        />
        <LogoutForm className="mt-6 border-t border-border pt-4 text-center">
          <button
            type="submit"
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-4 text-sm font-semibold text-link underline underline-offset-4"
          >
            <LogOut aria-hidden="true" className="size-4" />
            Log out instead
          </button>
        </LogoutForm>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * "Change Password" from the back-office menu. A link to the form on the security page, which is
 * what it stays without JavaScript; with JavaScript it opens this dialog and posts in place.
 */
export function ChangePasswordMenuItem({ email, className, children }: { email: string; className: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLAnchorElement>(null);
  // A fresh fetcher each time the dialog opens, so it never shows the last attempt's errors.
  const [attempt, setAttempt] = useState(0);
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]>; toast?: Toast }>({ key: `change-password-${attempt}` });
  const location = useLocation();
  useToast(fetcher.data?.toast);

  // A successful change redirects back here: that new location closes the dialog.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setOpen(false);
  }

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setAttempt((n) => n + 1);
    setOpen(true);
  }

  return (
    <>
      <Link ref={opener} to="/admin/security#change-password" className={className} onClick={onClick} aria-haspopup="dialog">
        {children}
      </Link>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className={overlayClass} />
          <Dialog.Content
            className={contentClass}
            // Not a Radix trigger (it is a real link without JavaScript): hand focus back to it by hand.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          >
            <DialogHeading description="Enter your current password, then choose a new one. Your other devices will be signed out." />
            <DialogToasts />
            <ChangePasswordForm
              id="menu-change-password"
              requireCurrent
              email={email}
              redirectTo={location.pathname}
              lastResult={fetcher.data?.result}
              submitting={fetcher.state !== "idle"}
              action="/admin/security"
              fetcher={fetcher}
              secondary={
                <Dialog.Close asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.Close>
              }
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
