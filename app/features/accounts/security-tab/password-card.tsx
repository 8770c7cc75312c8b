import type { SubmissionResult } from "@conform-to/react";
import { profileTabHref } from "~/features/sponsors/profile-tab";
import { ProfileCard as Card } from "~/features/sponsors/profile-card";
import { CHANGE_PASSWORD_INTENT, ChangePasswordForm } from "../change-password-form";
import { FreshProofStep } from "../fresh-proof/fresh-proof-step";
import { useSending } from "~/ui/forms/use-sending";

/**
 * Sign-in & security: change the password with the current one, or set a first one (an account
 * that signs in by code, Google, a passkey or a wallet: after confirming it's them). The staff's
 * change form, so the rules are the same; other devices are signed out.
 */
export function PasswordCard({ email, hasPassword, lastResult }: { email: string; hasPassword: boolean; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const submitting = useSending(CHANGE_PASSWORD_INTENT);
  return (
    <Card id="password-title" title="Password">
      <p className="mt-2 mb-4 text-ink-muted">
        {hasPassword
          ? "Change your password with the one you have now. Other devices signed in to your account are signed out."
          : "You sign in without a password. Set one to sign in with your email and a password too."}
      </p>
      <div className="sm:max-w-md">
        <ChangePasswordForm id="own-password" requireCurrent={hasPassword} email={email} redirectTo={profileTabHref("security")} lastResult={lastResult} submitting={submitting} />
      </div>
      <FreshProofStep formId="own-password" lastResult={lastResult} />
    </Card>
  );
}
