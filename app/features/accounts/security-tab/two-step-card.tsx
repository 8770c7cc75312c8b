import type { SubmissionResult } from "@conform-to/react";
import { ProfileCard } from "~/features/sponsors/profile-card";
import type { PhoneSent } from "../two-step/factor-forms";
import { TwoStepSettings, type TwoStepView } from "../two-step/two-step-settings";

/**
 * "Two-step verification" in the sponsor profile's "Sign-in & security" tab: the same settings as
 * the back-office's Security page, in the profile's card. A sponsor may always turn it off.
 */
export function TwoStepCard({
  view,
  resultFor,
  backupCodes,
  phoneSent,
}: {
  view: TwoStepView;
  resultFor: (intent: string) => SubmissionResult<string[]> | null | undefined;
  backupCodes?: string[];
  phoneSent?: PhoneSent | null;
}) {
  return (
    <ProfileCard id="two-step-title" title="Two-step verification">
      <p className="mt-2 max-w-prose text-ink-muted">
        A second step after your password, Google, a wallet or a code by e-mail or text: someone who learns one of those still cannot
        sign in as you. A passkey counts as both steps.
      </p>
      <div className="mt-4" data-testid="two-step">
        <TwoStepSettings view={view} required={false} resultFor={resultFor} backupCodes={backupCodes} phoneSent={phoneSent} />
      </div>
    </ProfileCard>
  );
}
