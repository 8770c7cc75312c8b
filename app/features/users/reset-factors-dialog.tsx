import { FreshProofStep } from "~/features/accounts/fresh-proof/fresh-proof-step";
import { accountLabel } from "~/features/accounts/no-email";
import { Form } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { DialogButtons } from "~/ui/admin/dialog-buttons";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { FormError } from "~/ui/forms/form-error";

/**
 * "Reset Second Factors" (User Management and Sponsors), for someone who has lost their authenticator app,
 * backup codes and phone: every factor goes, every session ends, and their next sign-in asks
 * for one step until they set up a new one. Refused without a fresh proof of who is doing it
 * (the refusal is shown here, and "Confirm it's you" asks for it and sends the reset again).
 */
export function ResetFactorsDialog({ person, closeHref, lastResult }: { person: { id: string; email: string }; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const refusal = lastResult?.error?.freshProof ?? lastResult?.error?.[""];
  return (
    <ScreenDialog title="Reset Second Factors" description={accountLabel(person.email)} closeHref={closeHref}>
      <Form method="post" preventScrollReset className="flex flex-col gap-4" id="reset-factors">
        <input type="hidden" name="userId" value={person.id} />
        {refusal && <FormError errors={refusal} id="reset-factors-error" />}
        <p className="text-sm text-ink-muted">
          Removes this person's authenticator app, backup codes and phones, and signs them out on every device. Their next sign-in asks
          for one step only, until they set up a new second step. Only do this once you are sure who asked.
        </p>
        <DialogButtons closeHref={closeHref} label="Reset Second Factors" intent="reset-factors" />
      </Form>
      <FreshProofStep formId="reset-factors" lastResult={lastResult} />
    </ScreenDialog>
  );
}
