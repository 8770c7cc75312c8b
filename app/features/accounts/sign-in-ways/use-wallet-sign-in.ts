import { useState } from "react";
import { errorToast } from "~/platform/toast";
import { showToast } from "~/ui/toast/show-toast";
import { LOGIN_FAILED_TITLE, SIGN_IN_WAYS } from "../messages";
import type { WalletOutcome } from "./ethereum-wallets.client";

/** Runs one wallet's sign-in: busy while it runs, then on to where the server says, or the refusal's toast. */
export function useWalletSignIn() {
  const [busy, setBusy] = useState<string | null>(null);
  async function run(id: string, attempt: () => Promise<WalletOutcome>) {
    setBusy(id);
    const outcome = await attempt().catch((): WalletOutcome => ({ ok: false }));
    if (outcome.ok) {
      // A whole page load: the header, menu and every loader see the new session.
      window.location.assign(outcome.redirectTo);
      return;
    }
    setBusy(null);
    showToast(outcome.toast ?? errorToast(LOGIN_FAILED_TITLE, outcome.cancelled ? SIGN_IN_WAYS.cancelled : SIGN_IN_WAYS.noWallet));
  }
  return { busy, run };
}
