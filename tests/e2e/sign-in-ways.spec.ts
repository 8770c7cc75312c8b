import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { accounts } from "../../app/platform/db/schema";
import { insertCustomer } from "../factories/accounts";
import { OIDC_ISSUER } from "./google-provider";
import { uniqueEmail } from "./sign-in";
import { expect, expectAccessible, test } from "./fixtures";
import { dismissToasts, toast } from "./toasts";

/**
 * The "Sign-in ways" card on Sign-in & security: one story on one page. The rules (proof before
 * a link, the last way in, a way already gone, a fresh proof to remove, the audit rows) are
 * proven in app/features/accounts/sign-in-ways.test.ts; here, what a person sees and does: the
 * tab on a phone and a desktop, a wallet added by signing (an injected provider signing with a
 * real key the test holds) and removed, a wallet that is another account's refused, and Google
 * added by its redirect (the local OpenID provider of global-setup.ts), unless it is someone else's.
 */
test("a customer adds an Ethereum wallet by signing and removes it, adds Google by its redirect, and is told when either is another account's", async ({ page, visit, signIn, server }) => {
  // One story of some fifteen page answers and two trips to the provider; the first loads the signature verifiers.
  test.setTimeout(120_000);
  const wallet = privateKeyToAccount(generatePrivateKey());
  await page.exposeFunction("__testWalletSign", (hexMessage: `0x${string}`) => wallet.signMessage({ message: { raw: hexMessage } }));
  await page.addInitScript((address: string) => {
    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method === "eth_requestAccounts" || method === "eth_accounts") return [address];
        if (method === "eth_chainId") return "0x1";
        if (method === "personal_sign") return (window as unknown as { __testWalletSign(message: string): Promise<string> }).__testWalletSign((params as [string])[0]);
        throw new Error(`unsupported: ${method}`);
      },
    };
    (window as unknown as { ethereum: unknown }).ethereum = provider;
  }, wallet.address);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn.customer({ verified: true });
  await visit("/sponsor-profile?tab=security");
  const card = page.getByRole("region", { name: "Sign-in ways" });
  const ways = card.getByRole("list", { name: "Your ways to sign in" });
  await expect(ways.getByRole("listitem")).toHaveText([/Password/, /Code by e-mail/]);
  await expect(ways.getByRole("listitem").nth(1)).toContainText("Goes with your e-mail address");
  // Nothing on a phone scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const short = `${wallet.address.slice(0, 6).toLowerCase()}…${wallet.address.slice(-4).toLowerCase()}`;
  await card.getByRole("button", { name: "Add a wallet" }).click();
  await expect(card.getByText("No Solana wallet found in this browser. Phantom, Solflare and Backpack work.")).toBeVisible();
  await card.getByRole("button", { name: "Add Ethereum wallet" }).click();
  await expect(toast(page, "Sign-in way added")).toContainText(short, { timeout: 20_000 });
  await expect(ways.getByRole("listitem")).toHaveText([/Password/, new RegExp(`Ethereum wallet · ${short}`), /Code by e-mail/]);
  await dismissToasts(page);
  await expectAccessible(page, "/sponsor-profile?tab=security with a wallet, 390 px");

  await ways.getByRole("button", { name: `Remove Ethereum wallet ${short}` }).click();
  await expect(toast(page, "Sign-in way removed")).toContainText(`${short} can no longer sign you in.`);
  await expect(ways.getByRole("listitem")).toHaveText([/Password/, /Code by e-mail/]);
  await dismissToasts(page);

  // The same wallet, meanwhile someone else's way in: its signature is good, and still refused.
  const other = await insertCustomer(server.platform.db, { email: uniqueEmail("wallet-owner") });
  await server.platform.db.insert(accounts).values({ id: crypto.randomUUID(), userId: other.userId, providerId: "ethereum", accountId: wallet.address.toLowerCase() });
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole("button", { name: "Add Ethereum wallet" }).click();
  await expect(toast(page, "Sign-in Way Not Added")).toContainText(
    "This Ethereum wallet already belongs to another Apiary account, so it cannot be added to yours. Sign in with it to use that account, or remove it there first.",
  );
  await expect(ways.getByRole("listitem")).toHaveCount(2);
  // Still signed in: the refusal keeps the session.
  await expect(page.getByRole("heading", { level: 1, name: "Sponsor Profile" })).toBeVisible();
  await dismissToasts(page);
  await expectAccessible(page, "/sponsor-profile?tab=security, 1280 px");

  // Google, by its redirect; the provider signs in as `googleAs` (a stable subject per address).
  let googleAs = uniqueEmail("google-link");
  await page.route(`${OIDC_ISSUER}/authorize?**`, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set("login_hint", googleAs);
    await route.continue({ url: url.toString() });
  });
  // Whole-page trips to the provider and back: allow for a busy machine.
  await card.getByRole("button", { name: "Add Google" }).click();
  await expect(toast(page, "Sign-in way added")).toContainText("You can now sign in with Google.", { timeout: 20_000 });
  await expect(page).toHaveURL("/sponsor-profile?tab=security");
  await expect(ways.getByRole("listitem")).toHaveText([/Password/, /Google/, /Code by e-mail/]);
  await dismissToasts(page);

  // Another person's Google account: Better Auth refuses the link, and the tab says why.
  googleAs = uniqueEmail("google-taken");
  await server.platform.db.insert(accounts).values({ id: crypto.randomUUID(), userId: other.userId, providerId: "google", accountId: `google-${Buffer.from(googleAs).toString("hex")}` });
  await card.getByRole("button", { name: "Add Google" }).click();
  await expect(toast(page, "Sign-in Way Not Added")).toContainText("This Google account already belongs to another Apiary account", { timeout: 20_000 });
  await expect(page).toHaveURL("/sponsor-profile?tab=security");
  await expect(ways.getByRole("listitem")).toHaveCount(3);
});
