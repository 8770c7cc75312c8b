import { useEffect, useState } from "react";
import { Button } from "~/ui/primitives/button";
import type { EthereumWallet } from "./ethereum-wallets.client";
import { useWalletSignIn } from "./use-wallet-sign-in";
import { WalletIcon } from "./wallet-icon";

/**
 * "Sign in with Ethereum", one button per wallet found (EIP-6963, else `window.ethereum`). The
 * discovery and signing code is fetched after the page has loaded, never with it; without a
 * wallet, a line names wallets that work.
 */
export function EthereumSignIn({ redirectTo }: { redirectTo: string }) {
  const [wallets, setWallets] = useState<EthereumWallet[] | null>(null);
  const { busy, run } = useWalletSignIn();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void import("./ethereum-wallets.client").then(({ discoverEthereumWallets }) => {
      if (live) stop = discoverEthereumWallets(setWallets);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, []);

  if (wallets === null) return null;
  if (wallets.length === 0) {
    return <p className="text-sm text-ink-muted">No Ethereum wallet found in this browser. MetaMask, Rabby and Coinbase Wallet work.</p>;
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
          onClick={() => void run(wallet.id, async () => (await import("./ethereum-wallets.client")).signInWithEthereum(wallet, redirectTo))}
        >
          <WalletIcon src={wallet.icon} />
          {busy === wallet.id ? "Waiting for your wallet…" : wallets.length === 1 ? "Sign in with Ethereum" : `Sign in with Ethereum (${wallet.name})`}
        </Button>
      ))}
    </div>
  );
}
