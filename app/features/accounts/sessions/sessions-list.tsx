import { LogOut, Monitor, Smartphone, Tablet } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/primitives/button";
import type { MySession } from "./my-sessions.server";

const KIND_ICONS = { phone: Smartphone, tablet: Tablet, computer: Monitor, unknown: Monitor } as const;

/**
 * "Where you're signed in": every device with its browser, approximate place, when it signed in
 * and was last active, this one marked; a Sign out button on each other device, then the
 * spec's scopes (others, global, local) for all of them at once. Every button posts to /logout.
 */
export function SessionsList({ sessions, signOutLabel = "Sign Out" }: { sessions: MySession[]; signOutLabel?: string }) {
  const others = sessions.filter((s) => !s.thisDevice).length;
  return (
    <>
      <ul className="mt-4 divide-y divide-border rounded-2xl border border-border" aria-label="Devices signed in to your account">
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      <SignOutScopes others={others > 0} signOutLabel={signOutLabel} />
    </>
  );
}

/** The spec's three scopes as buttons: every other device (when there is one), everywhere, this one. */
export function SignOutScopes({ others, signOutLabel = "Sign Out" }: { others: boolean; signOutLabel?: string }) {
  return (
    <div className="mt-5 flex flex-wrap gap-3">
      {others && (
        <SignOutButton scope="others" variant="outline">
          Sign out of other devices
        </SignOutButton>
      )}
      <SignOutButton scope="global" variant="outline">
        Sign out everywhere
      </SignOutButton>
      <SignOutButton scope="local" variant="secondary">
        <LogOut aria-hidden="true" />
        {signOutLabel}
      </SignOutButton>
    </div>
  );
}

function SessionRow({ session }: { session: MySession }) {
  const Icon = KIND_ICONS[session.kind];
  const name = `${session.browser} on ${session.device}`;
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-3 p-4" data-testid="session-row">
      <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-forest-700" />
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink [overflow-wrap:anywhere]">
          {name}
          {session.thisDevice && <span className="rounded-full bg-forest-50 px-2.5 py-0.5 text-sm font-semibold text-forest-800">This device</span>}
        </p>
        <p className="mt-1 text-sm text-ink-muted">{session.place}</p>
        <p className="mt-1 text-sm text-ink-muted">
          Signed in <time dateTime={session.signedInAt}>{session.signedInDay}</time> · Last active{" "}
          <time dateTime={session.lastActiveAt}>{session.lastActiveDay}</time>
        </p>
      </div>
      {!session.thisDevice && (
        <Form method="post" action="/logout" className="shrink-0">
          <input type="hidden" name="session" value={session.id} />
          <SubmitButton label={`Sign out ${name}`} pendingKey={session.id}>
            Sign out
          </SubmitButton>
        </Form>
      )}
    </li>
  );
}

/** Posts to /logout (routes/auth/logout.ts): local ends this session, others every other one, global all. */
export function SignOutButton({ scope, variant, children }: { scope: "local" | "others" | "global"; variant: "outline" | "secondary"; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/logout" && navigation.formData?.get("scope") === scope;
  return (
    <Form method="post" action="/logout">
      <input type="hidden" name="scope" value={scope} />
      <Button type="submit" variant={variant} disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}

function SubmitButton({ label, pendingKey, children }: { label: string; pendingKey: string; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/logout" && navigation.formData?.get("session") === pendingKey;
  return (
    <Button type="submit" variant="outline" size="sm" aria-label={label} disabled={busy}>
      {children}
    </Button>
  );
}
