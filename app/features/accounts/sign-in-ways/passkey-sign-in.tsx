import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useSubmit } from "react-router";
import { Button } from "~/ui/primitives/button";
import { CONNECTION_FAILED } from "~/platform/errors/server-unreachable";
import { errorToast } from "~/platform/toast";
import { showToast } from "~/ui/toast/show-toast";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { LOGIN_FAILED_TITLE } from "../messages";
import { PASSKEY_NEEDS_JAVASCRIPT, PASSKEY_SIGN_IN_INTENT } from "../passkey-messages";
import { useSending } from "~/ui/forms/use-sending";

/**
 * "Sign in with a passkey" at a door: the browser asks for any passkey of this site (no e-mail
 * typed), and its answer is posted to the door's own action (intent "passkey"), which checks it
 * and signs in, or answers with the refusal like the password form. The ceremony's code comes with
 * the click, not with the page.
 */
export function PasskeySignIn({ portal, redirectTo, error }: { portal: "customer" | "admin"; redirectTo: string; error?: string | null }) {
  const submit = useSubmit();
  const [asking, setAsking] = useState(false);
  const sending = useSending(PASSKEY_SIGN_IN_INTENT);

  async function signIn() {
    setAsking(true);
    const outcome = await import("./passkey-ceremony").then(
      ({ runPasskeyCeremony }) => runPasskeyCeremony({ kind: "sign-in", portal }),
      () => ({ toast: errorToast(LOGIN_FAILED_TITLE, CONNECTION_FAILED) }),
    );
    setAsking(false);
    if ("toast" in outcome) {
      if (outcome.toast) showToast(outcome.toast);
      return;
    }
    await submit({ intent: PASSKEY_SIGN_IN_INTENT, response: JSON.stringify(outcome.response), redirectTo }, { method: "post", replace: true });
  }

  const busy = asking || sending;
  // It cannot work without its code: disabled in the server's HTML, until the code is here (on
  // the sign-in page it comes just after the form's, see customer-other-ways.tsx).
  const ready = useHydrated();
  return (
    <div data-sign-in-way="passkey">
      <Button type="button" variant="outline" size="lg" className="w-full" onClick={signIn} disabled={busy || !ready}>
        <KeyRound aria-hidden="true" />
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </Button>
      {error && !busy && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <noscript>
        <p className="mt-2 text-sm text-ink-muted">{PASSKEY_NEEDS_JAVASCRIPT}</p>
      </noscript>
    </div>
  );
}
