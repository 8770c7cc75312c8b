import type { Chain } from "./chain-sign-in";
import type { EthereumWallet } from "./ethereum-wallets.client";

/** Ethereum: EIP-6963 discovery, else `window.ethereum`; the server writes the EIP-4361 message the wallet signs. */
export const ETHEREUM: Chain<EthereumWallet> = {
  name: "Ethereum",
  noneFound: "No Ethereum wallet found in this browser. MetaMask, Rabby and Coinbase Wallet work.",
  discover: async () => (await import("./ethereum-wallets.client")).discoverEthereumWallets,
  signIn: async (wallet, redirectTo) => (await import("./ethereum-wallets.client")).signInWithEthereum(wallet, redirectTo),
  sign: async (wallet, noncePath) => (await import("./ethereum-wallets.client")).signEthereumChallenge(wallet, noncePath),
};
