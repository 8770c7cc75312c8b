import { useEffect, useState } from "react";
import { Button } from "~/ui/primitives/button";
import type { SolanaWallet } from "./solana-wallets.client";
import { useWalletSignIn } from "./use-wallet-sign-in";
import { WalletIcon } from "./wallet-icon";

/**
 * "Sign in with Solana", one button per wallet registered through the wallet standard. Its code
 * is fetched after the page has loaded; without a wallet, a line names wallets that work.
 */
export function SolanaSignIn({ redirectTo }: { redirectTo: string }) {
  const [wallets, setWallets] = useState<SolanaWallet[] | null>(null);
  const { busy, run } = useWalletSignIn();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void import("./solana-wallets.client").then(({ discoverSolanaWallets }) => {
      if (live) stop = discoverSolanaWallets(setWallets);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, []);

  if (wallets === null) return null;
  if (wallets.length === 0) {
    return <p className="text-sm text-ink-muted">No Solana wallet found in this browser. Phantom, Solflare and Backpack work.</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      {wallets.map((wallet) => (
        <Button
          key={wallet.id}
          variant="outline"
          size="lg"
          className="w-full"
          disabled={busy !== null}
          onClick={() => void run(wallet.id, async () => (await import("./solana-wallets.client")).signInWithSolana(wallet, redirectTo))}
        >
          <WalletIcon src={wallet.icon} />
          {busy === wallet.id ? "Waiting for your wallet…" : wallets.length === 1 ? "Sign in with Solana" : `Sign in with Solana (${wallet.name})`}
        </Button>
      ))}
    </div>
  );
}
