import { createSignInMessageText } from "@solana/wallet-standard-util";
import type { SolanaSignInFeature, SolanaSignInInput, SolanaSignMessageFeature } from "@solana/wallet-standard-features";
import { getWallets } from "@wallet-standard/app";
import type { Wallet, WalletAccount } from "@wallet-standard/base";
import type { StandardConnectFeature } from "@wallet-standard/features";
import type { SignedChallenge, WalletOutcome } from "./ethereum-wallets.client";
import { bytesToBase64, postForm } from "./wallet-post.client";

export type SolanaWallet = { id: string; name: string; icon?: string; wallet: Wallet };

const canSignIn = (wallet: Wallet) =>
  wallet.chains.some((chain) => chain.startsWith("solana:")) && ("solana:signIn" in wallet.features || ("standard:connect" in wallet.features && "solana:signMessage" in wallet.features));

/** The Solana wallets registered through the wallet standard (Phantom, Solflare, Backpack…), as they come. */
export function discoverSolanaWallets(onChange: (wallets: SolanaWallet[]) => void): () => void {
  const registry = getWallets();
  const report = () => onChange(registry.get().filter(canSignIn).map((wallet) => ({ id: wallet.name, name: wallet.name, icon: wallet.icon, wallet })));
  report();
  const offRegister = registry.on("register", report);
  const offUnregister = registry.on("unregister", report);
  return () => {
    offRegister();
    offUnregister();
  };
}

/**
 * The server's fields from `noncePath` (its nonce inside: a sign-in's, or a link's for the
 * signed-in account), the wallet's `solana:signIn` (it writes and signs the standard message), or
 * — for a wallet without it — connect and `solana:signMessage` of the same message.
 */
export async function signSolanaChallenge({ wallet }: SolanaWallet, noncePath: string): Promise<SignedChallenge> {
  const challenge = await postForm<{ input: SolanaSignInInput & { domain: string } }>(noncePath, { chain: "solana" });
  if (!challenge.ok) return challenge;
  let message: string;
  let signature: Uint8Array;
  try {
    const signIn = (wallet.features as Partial<SolanaSignInFeature>)["solana:signIn"];
    if (signIn) {
      const [output] = await signIn.signIn(challenge.input);
      if (!output) return { ok: false, cancelled: true };
      message = new TextDecoder().decode(output.signedMessage);
      signature = output.signature;
    } else {
      const { accounts } = await (wallet.features as StandardConnectFeature)["standard:connect"].connect();
      const account: WalletAccount | undefined = accounts[0];
      if (!account) return { ok: false, cancelled: true };
      message = createSignInMessageText({ ...challenge.input, address: account.address });
      const [output] = await (wallet.features as SolanaSignMessageFeature)["solana:signMessage"].signMessage({ account, message: new TextEncoder().encode(message) });
      if (!output) return { ok: false, cancelled: true };
      signature = output.signature;
    }
  } catch {
    return { ok: false, cancelled: true };
  }
  return { ok: true, message, signature: bytesToBase64(signature) };
}

/** Sign In With Solana: the signed message, then the server's check and session. */
export async function signInWithSolana(wallet: SolanaWallet, redirectTo: string): Promise<WalletOutcome> {
  const signed = await signSolanaChallenge(wallet, "/api/auth/nonce");
  if (!signed.ok) return signed;
  return postForm<{ redirectTo: string }>("/api/auth/token?grant_type=web3", { chain: "solana", message: signed.message, signature: signed.signature, redirectTo });
}
