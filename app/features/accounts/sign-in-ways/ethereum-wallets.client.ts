import type { Toast } from "~/platform/toast";
import { postForm, utf8Hex } from "./wallet-post.client";

/** An EIP-1193 provider: the one method wallets answer through. */
export type Eip1193Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
export type EthereumWallet = { id: string; name: string; icon?: string; provider: Eip1193Provider };

type Announcement = CustomEvent<{ info: { uuid: string; name: string; icon?: string; rdns?: string }; provider: Eip1193Provider }>;

/**
 * The Ethereum wallets in this browser: those announcing themselves by EIP-6963 (several can be
 * installed side by side), else the one a wallet injects as `window.ethereum`.
 */
export function discoverEthereumWallets(onChange: (wallets: EthereumWallet[]) => void): () => void {
  const found = new Map<string, EthereumWallet>();
  const announce = (event: Event) => {
    const { info, provider } = (event as Announcement).detail ?? {};
    if (!info?.uuid || typeof provider?.request !== "function") return;
    found.set(info.uuid, { id: info.uuid, name: info.name, icon: info.icon, provider });
    onChange([...found.values()]);
  };
  window.addEventListener("eip6963:announceProvider", announce);
  window.dispatchEvent(new Event("eip6963:requestProvider"));
  const injected = (window as { ethereum?: Eip1193Provider }).ethereum;
  const timer = window.setTimeout(() => {
    if (found.size === 0 && injected && typeof injected.request === "function") {
      onChange([{ id: "injected", name: "Browser wallet", provider: injected }]);
    } else onChange([...found.values()]);
  }, 200);
  return () => {
    window.removeEventListener("eip6963:announceProvider", announce);
    window.clearTimeout(timer);
  };
}

export type WalletOutcome = { ok: true; redirectTo: string } | { ok: false; toast?: Toast; cancelled?: boolean };

/** A wallet's signature over the server's message, ready to post; or why there is none. */
export type SignedChallenge = { ok: true; message: string; signature: string } | { ok: false; toast?: Toast; cancelled?: boolean };

/**
 * The wallet's account and chain, the server's EIP-4361 message for them from `noncePath` (its
 * nonce inside: a sign-in's, or a link's for the signed-in account), and the wallet's personal_sign of it.
 */
export async function signEthereumChallenge(wallet: EthereumWallet, noncePath: string): Promise<SignedChallenge> {
  let address: string;
  let chainId: number;
  try {
    const accounts = (await wallet.provider.request({ method: "eth_requestAccounts" })) as string[];
    address = accounts[0] ?? "";
    chainId = Number.parseInt(String(await wallet.provider.request({ method: "eth_chainId" })), 16) || 1;
  } catch {
    return { ok: false, cancelled: true };
  }
  if (!address) return { ok: false, cancelled: true };
  const challenge = await postForm<{ message: string }>(noncePath, { chain: "ethereum", address, chainId });
  if (!challenge.ok) return challenge;
  try {
    const signature = String(await wallet.provider.request({ method: "personal_sign", params: [utf8Hex(challenge.message), address] }));
    return { ok: true, message: challenge.message, signature };
  } catch {
    return { ok: false, cancelled: true };
  }
}

/** Sign In With Ethereum: the signed message, then the server's check and session. */
export async function signInWithEthereum(wallet: EthereumWallet, redirectTo: string): Promise<WalletOutcome> {
  const signed = await signEthereumChallenge(wallet, "/api/auth/nonce");
  if (!signed.ok) return signed;
  return postForm<{ redirectTo: string }>("/api/auth/token?grant_type=web3", { chain: "ethereum", message: signed.message, signature: signed.signature, redirectTo });
}
