import { LogIn, ShieldAlert } from "lucide-react";
import { NOT_ADMIN_MESSAGE } from "~/features/accounts/messages";
import { ErrorFrame } from "~/ui/errors/error-frame";
import { ButtonLink } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";

const toast = { id: "access-denied", title: "Access Denied", description: NOT_ADMIN_MESSAGE, variant: "error" as const };

/** What a signed-in non-administrator sees at /admin (spec §6), after being signed out. */
export function AccessDenied() {
  useToast(toast);
  return (
    <ErrorFrame>
      <div className="inline-flex size-16 items-center justify-center rounded-full bg-honey-100 text-honey-800" aria-hidden="true">
        <ShieldAlert className="size-8" />
      </div>
      <h1 className="mt-6 text-3xl font-bold text-ink sm:text-4xl">Access Denied</h1>
      <p className="mt-4 max-w-md text-lg text-ink-muted">{NOT_ADMIN_MESSAGE}</p>
      <p className="mt-2 max-w-md text-ink-muted">You have been signed out. Log in with an administrator account to use the back-office.</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/auth" size="lg">
          <LogIn aria-hidden="true" />
          Admin login
        </ButtonLink>
        <ButtonLink to="/" size="lg" variant="outline">
          Return to Home
        </ButtonLink>
      </div>
    </ErrorFrame>
  );
}

/** A staff member at a screen or action their role does not allow: still signed in, told why. */
export function NotPermitted({ message }: { message: string }) {
  useToast({ id: "not-permitted", title: "Access Denied", description: message, variant: "error" });
  return (
    <ErrorFrame>
      <div className="inline-flex size-16 items-center justify-center rounded-full bg-honey-100 text-honey-800" aria-hidden="true">
        <ShieldAlert className="size-8" />
      </div>
      <h1 className="mt-6 text-3xl font-bold text-ink sm:text-4xl">Access Denied</h1>
      <p className="mt-4 max-w-md text-lg text-ink-muted">{message}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/admin" size="lg">
          Back to the back-office
        </ButtonLink>
      </div>
    </ErrorFrame>
  );
}
