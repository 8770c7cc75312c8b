import type { SubmissionResult } from "@conform-to/react";
import { ShieldOff } from "lucide-react";
import { Form } from "react-router";
import { FormError } from "~/ui/forms/form-error";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "../messages";
import type { ShownFactor } from "../second-factors.server";
import { FreshProofStep } from "../fresh-proof/fresh-proof-step";
import { BackupCodes, CodeForm, SetupSteps, StatusBadge, SubmitButton } from "../two-factor-settings";
import { AddPhoneFactor, FactorList, type PhoneSent } from "./factor-forms";
import { TWO_STEP_INTENTS } from "./two-step-messages";

/** What the page's loader gives (two-step-forms.server.ts loadTwoStep). */
export type TwoStepView = {
  status: { enabled: boolean; hasTotp: boolean; backupCodesLeft: number };
  factors: ShownFactor[];
  setup: { qrCode: string; secret: string } | null;
};

/**
 * The second factors' settings, the same at both doors (the back-office's Security page and the
 * sponsor's "Sign-in & security" tab): the status, the factors with their names, the
 * authenticator app (set-up, backup codes, turning everything off) and adding a phone.
 * `resultFor(intent)` is the page's last answer to that form; `backupCodes` and `phoneSent`
 * come from the last answer too (shown once).
 */
export function TwoStepSettings({
  view,
  required,
  resultFor,
  backupCodes,
  phoneSent,
  headingLevel = 3,
}: {
  view: TwoStepView;
  required: boolean;
  resultFor: (intent: string) => SubmissionResult<string[]> | null | undefined;
  backupCodes?: string[];
  phoneSent?: PhoneSent | null;
  headingLevel?: 3 | 4;
}) {
  const { status, setup, factors } = view;
  const Heading = headingLevel === 4 ? "h4" : "h3";
  const disableResult = resultFor("disable-2fa");
  const startResult = resultFor("start-2fa");
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 text-ink-muted">
        Status:
        <StatusBadge on={status.enabled} />
        {status.hasTotp && !backupCodes && (
          <span>
            · {status.backupCodesLeft} backup {status.backupCodesLeft === 1 ? "code" : "codes"} left
          </span>
        )}
      </p>

      {backupCodes && <BackupCodes codes={backupCodes} />}

      {factors.length > 0 && <FactorList factors={factors} removeResult={resultFor(TWO_STEP_INTENTS.remove)} />}

      <Heading className="mt-6 font-semibold text-ink">Authenticator app</Heading>
      {!status.hasTotp && !setup && (
        <>
          <p className="mt-1 max-w-prose text-ink-muted">
            With two-factor authentication on, logging in also asks for a 6-digit code from an authenticator app on your phone (such as
            Google Authenticator, Microsoft Authenticator, 1Password or Aegis), so a stolen password alone is not enough.
          </p>
          <Form method="post" className="mt-4" preventScrollReset id="start-2fa">
            <input type="hidden" name="intent" value="start-2fa" />
            <SubmitButton intent="start-2fa" busyLabel="Preparing…">
              Set up two-factor authentication
            </SubmitButton>
          </Form>
          {/* Turning it on binds the account to a new device: a fresh proof first. */}
          {startResult?.error?.freshProof && (
            <div className="mt-3">
              <FormError errors={startResult?.error?.freshProof ?? []} id="start-2fa-proof" />
              <FreshProofStep formId="start-2fa" lastResult={startResult} />
            </div>
          )}
        </>
      )}

      {!status.hasTotp && setup && <SetupSteps setup={setup} lastResult={resultFor("confirm-2fa") ?? undefined} />}

      {/* Turning it off waits for a fresh proof of who one is: the refusal says so, and the step asks for one. */}
      {status.hasTotp && disableResult?.error?.freshProof && (
        <div className="mt-4">
          <FormError errors={disableResult.error.freshProof} id="disable-2fa-proof" />
          <FreshProofStep formId="disable-2fa" lastResult={disableResult} />
        </div>
      )}
      {status.hasTotp && (
        <div className="mt-4 grid gap-6 xl:grid-cols-2">
          <CodeForm
            intent="regenerate-codes"
            title="New backup codes"
            description="Replaces all your backup codes, used or not. Confirm with a current code."
            submitLabel="Generate new backup codes"
            lastResult={resultFor("regenerate-codes") ?? undefined}
          />
          {required ? (
            <div className="rounded-2xl border border-border p-5">
              <h4 className="font-semibold text-ink">Turn off</h4>
              <p className="mt-1 text-sm text-ink-muted">{TWO_FACTOR_REQUIRED_MESSAGE}</p>
            </div>
          ) : (
            <CodeForm
              intent="disable-2fa"
              title="Turn off"
              description="Removes every second step (the app, its backup codes and any phone): logging in will ask for one step only. Confirm with a current code."
              submitLabel="Turn off two-factor authentication"
              lastResult={disableResult ?? undefined}
              icon={<ShieldOff aria-hidden="true" />}
            />
          )}
        </div>
      )}

      <Heading className="mt-6 font-semibold text-ink">Text message</Heading>
      <p className="mt-1 max-w-prose text-ink-muted">Or, instead of an app, a 6-digit code texted to your phone each time you sign in.</p>
      <AddPhoneFactor sent={phoneSent} addResult={resultFor(TWO_STEP_INTENTS.addPhone)} verifyResult={resultFor(TWO_STEP_INTENTS.verifyPhone)} />
    </>
  );
}
