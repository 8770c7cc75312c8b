import type { SubmissionResult } from "@conform-to/react";
import { ProfileCard as Card } from "~/features/sponsors/profile-card";
import { CHANGE_PASSWORD_INTENT } from "../change-password-form";
import { ADD_PASSKEY_INTENT, REMOVE_PASSKEY_INTENT } from "../passkey-messages";
import type { MySession } from "../sessions/my-sessions.server";
import { PasskeyManager, type PasskeyRow } from "../sign-in-ways/passkey-manager";
import type { SignInWay } from "../sign-in-ways-messages";
import type { PhoneSent } from "../two-step/factor-forms";
import type { TwoStepView } from "../two-step/two-step-settings";
import { CHANGE_EMAIL_INTENT } from "./account-change-messages";
import { EmailCard } from "./email-card";
import { PasswordCard } from "./password-card";
import { SessionsCard } from "./sessions-card";
import { SignInWaysCard } from "./sign-in-ways-card";
import { TwoStepCard } from "./two-step-card";

/** The page action's answer to one of the tab's forms, as far as the tab reads it. */
export type SecurityAnswer = {
  intent: string | null;
  result?: SubmissionResult<string[]> | null;
  sentTo?: string;
  backupCodes?: string[];
  phoneSent?: PhoneSent;
};

export type SecurityTabProps = {
  email: string;
  hasPassword: boolean;
  signInWays: SignInWay[];
  googleLinkable: boolean;
  passkeys: PasskeyRow[];
  twoStep: TwoStepView | null;
  sessions: MySession[];
  answer: SecurityAnswer | undefined;
};

/**
 * The sponsor profile's "Sign-in & security" tab: the e-mail address, the password, the sign-in
 * ways, the passkeys, two-step verification and every signed-in device. A module of its own, so
 * the profile's other tabs do not carry its code: fetched when the tab is shown (the page's
 * lazy import; opened by address, the server's HTML stands until it has arrived).
 */
export default function SecurityTab({ email, hasPassword, signInWays, googleLinkable, passkeys, twoStep, sessions, answer }: SecurityTabProps) {
  const resultFor = (intent: string) => (answer?.intent === intent ? answer.result : undefined);
  return (
    <>
      <EmailCard email={email} lastResult={resultFor(CHANGE_EMAIL_INTENT)} sentTo={answer?.sentTo ?? null} />
      <PasswordCard email={email} hasPassword={hasPassword} lastResult={resultFor(CHANGE_PASSWORD_INTENT)} />
      <SignInWaysCard ways={signInWays} google={googleLinkable} />
      <Card id="passkeys-title" title="Passkeys">
        <div className="mt-3">
          <PasskeyManager passkeys={passkeys} lastResult={resultFor(ADD_PASSKEY_INTENT) ?? undefined} removeResult={resultFor(REMOVE_PASSKEY_INTENT) ?? undefined} />
        </div>
      </Card>
      {twoStep && <TwoStepCard view={twoStep} resultFor={resultFor} backupCodes={answer?.backupCodes} phoneSent={answer?.phoneSent} />}
      {/* The security tab lists every device (and signs out each); the other tabs keep the summary. */}
      <SessionsCard sessions={sessions} />
    </>
  );
}
