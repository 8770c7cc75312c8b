import { ProfileCard as Card } from "~/features/sponsors/profile-card";
import type { MySession } from "../sessions/my-sessions.server";
import { SessionsList } from "../sessions/sessions-list";

/** The Sign-in & security tab's "Where you're signed in" card (the other tabs show only a summary). */
export function SessionsCard({ sessions }: { sessions: MySession[] }) {
  return (
    <Card id="sessions-title" title="Where you're signed in">
      <p className="mt-2 max-w-prose text-ink-muted">
        Each device and browser signed in to your account, with the country its internet address is registered in. Don't recognise one? Sign it out, then change your password.
      </p>
      <SessionsList sessions={sessions} />
    </Card>
  );
}
