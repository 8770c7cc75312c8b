import { useEffect, useState } from "react";

export type FoundWallet = { id: string; name: string; icon?: string };

/**
 * The wallets of one chain this browser has, kept up to date as extensions announce themselves:
 * null until the chain's discovery code has arrived (it is fetched when this first runs).
 */
export function useFoundWallets<W extends FoundWallet>(chain: { discover: () => Promise<(onChange: (wallets: W[]) => void) => () => void> }) {
  const [wallets, setWallets] = useState<W[] | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void chain.discover().then((discover) => {
      if (live) stop = discover(setWallets);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [chain]);
  return wallets;
}
