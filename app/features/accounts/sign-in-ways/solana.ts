import type { Chain } from "./chain-sign-in";
import type { SolanaWallet } from "./solana-wallets.client";

/** Solana: wallets registered through the wallet standard, signing its sign-in message. */
export const SOLANA: Chain<SolanaWallet> = {
  name: "Solana",
  noneFound: "No Solana wallet found in this browser. Phantom, Solflare and Backpack work.",
  discover: async () => (await import("./solana-wallets.client")).discoverSolanaWallets,
  signIn: async (wallet, redirectTo) => (await import("./solana-wallets.client")).signInWithSolana(wallet, redirectTo),
  sign: async (wallet, noncePath) => (await import("./solana-wallets.client")).signSolanaChallenge(wallet, noncePath),
};
