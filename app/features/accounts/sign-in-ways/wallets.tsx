import { SIGN_IN_WAYS } from "../messages";
import { ChainSignIn } from "./chain-sign-in";
import { ETHEREUM } from "./ethereum";
import { SOLANA } from "./solana";

/** The wallet ways to sign in (issue 34 §3), for the customer page's "More ways to sign in". */
export function WalletSignIn({ redirectTo }: { redirectTo: string }) {
  return (
    <div className="flex flex-col gap-3" data-sign-in-way="wallets">
      <ChainSignIn chain={ETHEREUM} redirectTo={redirectTo} />
      <ChainSignIn chain={SOLANA} redirectTo={redirectTo} />
      <noscript>
        <p className="text-sm text-ink-muted">{SIGN_IN_WAYS.needsScript}</p>
      </noscript>
    </div>
  );
}
