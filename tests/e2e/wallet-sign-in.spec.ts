import { generateKeyPairSync, sign } from "node:crypto";
import { base58 } from "@scure/base";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, expectAccessible, scriptsFetched, test } from "./fixtures";

/**
 * Wallet sign-in end to end: a wallet injected into the page before it loads, signing for real
 * with a key the test holds (the page hands the bytes to the test, which signs them), the
 * server's checks, and the new customer shown by their shortened address.
 */

test.describe("wallet sign-in", () => {
  test("an Ethereum wallet (EIP-6963 and window.ethereum) signs the EIP-4361 message and the customer sees their shortened address", async ({ page, visit }) => {
    const account = privateKeyToAccount(generatePrivateKey());
    await page.exposeFunction("__testWalletSign", (hexMessage: `0x${string}`) => account.signMessage({ message: { raw: hexMessage } }));
    await page.addInitScript((address: string) => {
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === "eth_requestAccounts" || method === "eth_accounts") return [address];
          if (method === "eth_chainId") return "0x1";
          if (method === "personal_sign") {
            const [message, signer] = params as [string, string];
            if (signer.toLowerCase() !== address.toLowerCase()) throw new Error("unknown account");
            return (window as unknown as { __testWalletSign(message: string): Promise<string> }).__testWalletSign(message);
          }
          throw new Error(`unsupported: ${method}`);
        },
      };
      (window as unknown as { ethereum: unknown }).ethereum = provider;
      const info = { uuid: "3f1c2a52-9c1e-4a51-b1f5-0d6c3f1a7e11", name: "Test Wallet", icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/%3E", rdns: "test.apiary.wallet" };
      window.addEventListener("eip6963:requestProvider", () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) })));
    }, account.address);

    // Nothing wallet-related is fetched until the way is chosen.
    const walletCode = scriptsFetched(page, /\/assets\/(wallets|ethereum-wallets\.client|solana-wallets\.client)-[\w-]+\.js$/);
    await visit("/customer-auth?redirectTo=/sponsor-profile");
    const others = page.getByRole("region", { name: "More ways to sign in" });
    await expect(others.getByRole("link", { name: "Continue with a wallet" })).toBeVisible();
    expect(walletCode).toEqual([]);
    await others.getByRole("link", { name: "Continue with a wallet" }).click();
    await expect(others.getByText("No Solana wallet found in this browser. Phantom, Solflare and Backpack work.")).toBeVisible();
    expect(walletCode.length).toBeGreaterThan(0);
    await others.getByRole("button", { name: "Sign in with Ethereum" }).click();

    // The wallet signs in the test process, and the first wallet sign-in loads the verifiers: allow for a busy machine.
    await expect(page).toHaveURL("/sponsor-profile", { timeout: 20_000 });
    const short = `${account.address.slice(0, 6).toLowerCase()}…${account.address.slice(-4).toLowerCase()}`;
    const profile = page.getByRole("region", { name: "Account" });
    await expect(profile).toContainText(short);
    await expect(profile).toContainText("Ethereum wallet");
    await expect(profile).not.toContainText("no-email.invalid");
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByText(short, { exact: true }).first()).toBeVisible();
    await expectAccessible(page, "/sponsor-profile of a wallet account");
  });

  test("a wallet-standard Solana wallet signs in with solana:signIn and the customer sees their base58 address shortened", async ({ page, visit }) => {
    const { publicKey, privateKey } = generateKeyPairSync("ed25519");
    const address = base58.encode(Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url"));
    await page.exposeFunction("__testSolanaSign", (message: string) => sign(null, Buffer.from(message, "utf8"), privateKey).toString("base64"));
    await page.addInitScript((address: string) => {
      type Input = Record<string, string | undefined>;
      const account = { address, publicKey: new Uint8Array(32), chains: ["solana:mainnet"], features: ["solana:signIn"] };
      // The wallet writes the standard's message from the page's fields, as Phantom does.
      const messageFor = (input: Input) => {
        const fields = [
          ["URI", input.uri],
          ["Version", input.version],
          ["Chain ID", input.chainId],
          ["Nonce", input.nonce],
          ["Issued At", input.issuedAt],
          ["Expiration Time", input.expirationTime],
        ].filter(([, value]) => value).map(([name, value]) => `${name}: ${value}`);
        return `${input.domain} wants you to sign in with your Solana account:\n${address}${input.statement ? `\n\n${input.statement}` : ""}\n\n${fields.join("\n")}`;
      };
      const wallet = {
        version: "1.0.0",
        name: "Test Solana Wallet",
        icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/%3E",
        chains: ["solana:mainnet"],
        accounts: [],
        features: {
          "standard:events": { version: "1.0.0", on: () => () => {} },
          "solana:signIn": {
            version: "1.0.0",
            signIn: (...inputs: Input[]) =>
              Promise.all(
                inputs.map(async (input) => {
                  const text = messageFor(input);
                  const signature = await (window as unknown as { __testSolanaSign(text: string): Promise<string> }).__testSolanaSign(text);
                  return { account, signedMessage: new TextEncoder().encode(text), signature: Uint8Array.from(atob(signature), (c) => c.charCodeAt(0)), signatureType: "ed25519" };
                }),
              ),
          },
        },
      };
      const register = ({ register }: { register(wallet: unknown): void }) => register(wallet);
      window.addEventListener("wallet-standard:app-ready", (event) => register((event as CustomEvent).detail));
      window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: register }));
    }, address);

    // The way's own address opens it (a link shared, or the page reloaded).
    await visit("/customer-auth?way=wallet&redirectTo=/sponsor-profile");
    const others = page.getByRole("region", { name: "More ways to sign in" });
    await expect(others.getByText("No Ethereum wallet found in this browser. MetaMask, Rabby and Coinbase Wallet work.")).toBeVisible();
    await others.getByRole("button", { name: "Sign in with Solana" }).click();

    // The wallet signs in the test process, and the first wallet sign-in loads the verifiers: allow for a busy machine.
    await expect(page).toHaveURL("/sponsor-profile", { timeout: 20_000 });
    const profile = page.getByRole("region", { name: "Account" });
    await expect(profile).toContainText(`${address.slice(0, 4)}…${address.slice(-4)}`);
    await expect(profile).toContainText("Solana wallet");
  });
});
