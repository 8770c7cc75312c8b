import { Button } from "~/ui/primitives/button";
import { useFoundWallets, type FoundWallet } from "./use-found-wallets";
import { useWalletSignIn } from "./use-wallet-sign-in";
import { WalletIcon } from "./wallet-icon";
import type { SignedChallenge, WalletOutcome } from "./ethereum-wallets.client";

/** What one chain brings: its name, the wallets it names when none is found, and its code, fetched only when called. */
export type Chain<W extends FoundWallet> = {
  name: string;
  noneFound: string;
  discover: () => Promise<(onChange: (wallets: W[]) => void) => () => void>;
  signIn: (wallet: W, redirectTo: string) => Promise<WalletOutcome>;
  /** Only the signature over the message from `noncePath`, for a page that posts it itself (linking a wallet). */
  sign: (wallet: W, noncePath: string) => Promise<SignedChallenge>;
};

/**
 * "Sign in with <chain>", one button per wallet found. The discovery and signing code is fetched
 * after the page has loaded, never with it; without a wallet, a line names wallets that work.
 */
export function ChainSignIn<W extends FoundWallet>({ chain, redirectTo }: { chain: Chain<W>; redirectTo: string }) {
  const wallets = useFoundWallets(chain);
  const { busy, run } = useWalletSignIn();
  if (wallets === null) return null;
  if (wallets.length === 0) return <p className="text-sm text-ink-muted">{chain.noneFound}</p>;
  return (
    <div className="flex flex-col gap-2">
      {wallets.map((wallet) => (
        <Button key={wallet.id} variant="outline" size="lg" className="w-full" disabled={busy !== null} onClick={() => void run(wallet.id, () => chain.signIn(wallet, redirectTo))}>
          <WalletIcon src={wallet.icon} />
          {busy === wallet.id ? "Waiting for your wallet…" : wallets.length === 1 ? `Sign in with ${chain.name}` : `Sign in with ${chain.name} (${wallet.name})`}
        </Button>
      ))}
    </div>
  );
}
