import { useState } from "react";
import { useFetcher } from "react-router";
import { errorToast } from "~/platform/toast";
import { Button } from "~/ui/primitives/button";
import { showToast } from "~/ui/toast/show-toast";
import { useToast } from "~/ui/toast/use-toast";
import { SIGN_IN_WAYS } from "../messages";
import { LINK_WALLET_INTENT, SIGN_IN_WAYS_PATH, WAY_LINK_FAILED_TITLE } from "../sign-in-ways-messages";
import type { Chain } from "../sign-in-ways/chain-sign-in";
import { ETHEREUM } from "../sign-in-ways/ethereum";
import { SOLANA } from "../sign-in-ways/solana";
import { useFoundWallets, type FoundWallet } from "../sign-in-ways/use-found-wallets";
import { WalletIcon } from "../sign-in-ways/wallet-icon";
import type { WayAnswer } from "./sign-in-ways-card";

/**
 * Adding a wallet: the wallets this browser has (fetched when this part opens), and for the one
 * chosen, the server's link message (its nonce names this account) signed by the wallet and
 * posted to the page's action, which checks it and adds the wallet.
 */
export default function WalletLink() {
  const fetcher = useFetcher<WayAnswer>();
  useToast(fetcher.data?.toast);
  const [busy, setBusy] = useState<string | null>(null);
  async function link<W extends FoundWallet>(name: "ethereum" | "solana", chain: Chain<W>, wallet: W) {
    setBusy(wallet.id);
    const signed = await chain.sign(wallet, SIGN_IN_WAYS_PATH).catch(() => ({ ok: false as const, cancelled: true }));
    setBusy(null);
    if (!signed.ok) {
      showToast(("toast" in signed && signed.toast) || errorToast(WAY_LINK_FAILED_TITLE, "cancelled" in signed && signed.cancelled ? SIGN_IN_WAYS.cancelled : SIGN_IN_WAYS.noWallet));
      return;
    }
    await fetcher.submit({ intent: LINK_WALLET_INTENT, chain: name, message: signed.message, signature: signed.signature }, { method: "post", preventScrollReset: true });
  }
  const sending = fetcher.state !== "idle";
  return (
    <div className="flex flex-col gap-3" data-testid="wallet-link">
      <p className="text-sm text-ink-muted">Your wallet asks you to sign a message. Signing costs nothing and moves no funds.</p>
      <ChainWallets chain={ETHEREUM} busy={busy} sending={sending} onLink={(wallet) => void link("ethereum", ETHEREUM, wallet)} />
      <ChainWallets chain={SOLANA} busy={busy} sending={sending} onLink={(wallet) => void link("solana", SOLANA, wallet)} />
    </div>
  );
}

function ChainWallets<W extends FoundWallet>({ chain, busy, sending, onLink }: { chain: Chain<W>; busy: string | null; sending: boolean; onLink: (wallet: W) => void }) {
  const wallets = useFoundWallets(chain);
  if (wallets === null) return null;
  if (wallets.length === 0) return <p className="text-sm text-ink-muted">{chain.noneFound}</p>;
  return (
    <div className="flex flex-col gap-2">
      {wallets.map((wallet) => (
        <Button key={wallet.id} variant="outline" className="w-full sm:w-auto sm:self-start" disabled={busy !== null || sending} onClick={() => onLink(wallet)}>
          <WalletIcon src={wallet.icon} />
          {busy === wallet.id ? "Waiting for your wallet…" : wallets.length === 1 ? `Add ${chain.name} wallet` : `Add ${chain.name} wallet (${wallet.name})`}
        </Button>
      ))}
    </div>
  );
}
