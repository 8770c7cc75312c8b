import { LogIn, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorFrame } from "~/ui/errors/error-frame";
import { ButtonLink } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";

/** The Access Denied page: the spec's title and toast, the reason, then what the person can do. */
function DeniedFrame({ id, message, children }: { id: string; message: string; children: ReactNode }) {
  useToast({ id, title: "Access Denied", description: message, variant: "error" });
  return (
    <ErrorFrame>
      <div className="inline-flex size-16 items-center justify-center rounded-full bg-honey-100 text-honey-800" aria-hidden="true">
        <ShieldAlert className="size-8" />
      </div>
      <h1 className="mt-6 text-3xl font-bold text-ink sm:text-4xl">Access Denied</h1>
      <p className="mt-4 max-w-md text-lg text-ink-muted">{message}</p>
      {children}
    </ErrorFrame>
  );
}

/** What a signed-in non-administrator sees at /admin (spec §6), after being signed out; `message` is the spec's reason. */
export function AccessDenied({ message }: { message: string }) {
  return (
    <DeniedFrame id="access-denied" message={message}>
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
    </DeniedFrame>
  );
}

/** A staff member at a screen or action their role does not allow: still signed in, told why. */
export function NotPermitted({ message }: { message: string }) {
  return (
    <DeniedFrame id="not-permitted" message={message}>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/admin" size="lg">
          Back to the back-office
        </ButtonLink>
      </div>
    </DeniedFrame>
  );
}
