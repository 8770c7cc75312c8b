import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { base58 } from "@scure/base";
import { createSignInMessageText } from "@solana/wallet-standard-util";
import { and, eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, profiles, securityAuditLog, sessions, sponsors, userRoles, users } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { cookieOf, createTestPlatform, testMeta } from "../../../tests/setup/platform";
import type { TestClock } from "../../../tests/setup/test-clock";
import { insertUser } from "../../../tests/factories/accounts";
import { ADMIN_REFUSED_MESSAGE, SIGN_IN_WAYS } from "./messages";
import { hasContactEmail, placeholderEmail } from "./no-email";
import { resolveAuthState } from "./session.server";
import { signInWithWallet, startWalletSignIn, type WalletChallenge } from "./wallet-sign-in.server";

/** A Solana wallet: a real ed25519 key pair, its address the public key in base58. */
function solanaWallet() {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const raw = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url");
  return { address: base58.encode(raw), hex: raw.toString("hex"), privateKey };
}
const signSolana = (privateKey: KeyObject, message: string) => sign(null, Buffer.from(message, "utf8"), privateKey).toString("base64");

describe.each(testEngines())("wallet sign-in on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform & { clock: TestClock };
  let address = 10;
  // Each test signs from an address of its own, so the per-address limit is one test's.
  const meta = () => testMeta(`198.51.100.${address++}`);
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  async function ethereumChallenge(account: PrivateKeyAccount, chainId = 1) {
    const challenge = await startWalletSignIn(platform, { chain: "ethereum", address: account.address, chainId }, meta());
    if (!challenge.ok || challenge.value.chain !== "ethereum") throw new Error("no challenge");
    return challenge.value.message;
  }
  async function solanaInput() {
    const challenge = await startWalletSignIn(platform, { chain: "solana" }, meta());
    if (!challenge.ok || challenge.value.chain !== "solana") throw new Error("no challenge");
    return (challenge.value as Extract<WalletChallenge, { chain: "solana" }>).input;
  }
  const nonceOf = (message: string) => /Nonce: (\w+)/.exec(message)![1]!;

  it("a real Ethereum key signs the server's EIP-4361 message: a customer with a stand-in address, sponsor record, role and wallet identity", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const message = await ethereumChallenge(account);
    expect(message).toContain("127.0.0.1:3999 wants you to sign in with your Ethereum account:");
    expect(message).toContain("URI: http://127.0.0.1:3999");
    const signature = await account.signMessage({ message });
    const result = await signInWithWallet(platform, { chain: "ethereum", message, signature }, meta());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ secondFactorRequired: false, isRegister: true });

    const email = placeholderEmail("ethereum", account.address);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ emailVerified: false });
    expect(hasContactEmail(user!.email)).toBe(false);
    expect(await t.db.select({ providerId: accounts.providerId, accountId: accounts.accountId }).from(accounts).where(eq(accounts.userId, user!.id))).toEqual([
      { providerId: "ethereum", accountId: account.address.toLowerCase() },
    ]);
    expect(await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user!.id))).toEqual([{ role: "customer" }]);
    expect(await t.db.select({ email: sponsors.email }).from(sponsors).where(eq(sponsors.userId, user!.id))).toEqual([{ email }]);
    expect(await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, user!.id))).toHaveLength(1);
    const state = await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieOf(result.value.headers) } }));
    expect(state.state.actor).toMatchObject({ kind: "customer", userId: user!.id });
    const [audit] = await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.userId, user!.id), eq(securityAuditLog.eventType, "login_success")));
    expect(audit?.eventDetails).toMatchObject({ method: "ethereum", portal: "customer" });

    // The next sign-in (another chain id too) finds the same customer, in a new session.
    const again = await ethereumChallenge(account, 137);
    const second = await signInWithWallet(platform, { chain: "ethereum", message: again, signature: await account.signMessage({ message: again }) }, meta());
    expect(second.ok && second.value).toMatchObject({ userId: user!.id, isRegister: false });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(2);
  });

  it("Ethereum: a nonce is spent by its first use, and one the server never issued is refused", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const message = await ethereumChallenge(account);
    const signature = await account.signMessage({ message });
    expect((await signInWithWallet(platform, { chain: "ethereum", message, signature }, meta())).ok).toBe(true);
    const replay = await signInWithWallet(platform, { chain: "ethereum", message, signature }, meta());
    expect(replay).toMatchObject({ ok: false, status: 401, title: "Login Failed", message: SIGN_IN_WAYS.expired });

    const invented = message.replace(nonceOf(message), "0123456789abcdef0123456789abcdef");
    const refused = await signInWithWallet(platform, { chain: "ethereum", message: invented, signature: await account.signMessage({ message: invented }) }, meta());
    expect(refused).toMatchObject({ ok: false, status: 401, message: SIGN_IN_WAYS.expired });
  });

  it("Ethereum: a message for another domain or another URI is refused, even well signed", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const nonce = nonceOf(await ethereumChallenge(account));
    const base = { address: account.address, chainId: 1, nonce, version: "1" as const, issuedAt: new Date(platform.clock.now()), expirationTime: new Date(platform.clock.now() + 60_000) };
    for (const other of [
      createSiweMessage({ ...base, domain: "evil.example", uri: "http://127.0.0.1:3999" }),
      createSiweMessage({ ...base, domain: "127.0.0.1:3999", uri: "https://evil.example/login" }),
    ]) {
      const result = await signInWithWallet(platform, { chain: "ethereum", message: other, signature: await account.signMessage({ message: other }) }, meta());
      expect(result).toMatchObject({ ok: false, status: 401, message: SIGN_IN_WAYS.wrongSite });
    }
    // Neither spent the nonce: the real message still signs in.
    const own = createSiweMessage({ ...base, domain: "127.0.0.1:3999", uri: "http://127.0.0.1:3999" });
    expect((await signInWithWallet(platform, { chain: "ethereum", message: own, signature: await account.signMessage({ message: own }) }, meta())).ok).toBe(true);
  });

  it("Ethereum: an expired message is refused (five minutes after it was issued)", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const message = await ethereumChallenge(account);
    const signature = await account.signMessage({ message });
    platform.clock.advance(5 * 60 * 1000 + 1000);
    try {
      expect(await signInWithWallet(platform, { chain: "ethereum", message, signature }, meta())).toMatchObject({ ok: false, status: 401, message: SIGN_IN_WAYS.expired });
    } finally {
      platform.clock.advance(-(5 * 60 * 1000 + 1000));
    }
  });

  it("Ethereum: a signature by another key, and a message changed after signing, are refused", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const message = await ethereumChallenge(account);
    const byOther = await signInWithWallet(platform, { chain: "ethereum", message, signature: await other.signMessage({ message }) }, meta());
    expect(byOther).toMatchObject({ ok: false, status: 401, message: SIGN_IN_WAYS.badSignature });

    const message2 = await ethereumChallenge(account);
    const signature = await account.signMessage({ message: message2 });
    const tampered = message2.replace("Chain ID: 1", "Chain ID: 10");
    expect(await signInWithWallet(platform, { chain: "ethereum", message: tampered, signature }, meta())).toMatchObject({ ok: false, status: 401, message: SIGN_IN_WAYS.badSignature });
    // The message names the other key's address, signed by the first: refused too.
    const message3 = (await ethereumChallenge(account)).replace(account.address, other.address);
    expect(await signInWithWallet(platform, { chain: "ethereum", message: message3, signature: await account.signMessage({ message: message3 }) }, meta())).toMatchObject({ ok: false, status: 401 });
    expect(await t.db.select().from(users).where(eq(users.email, placeholderEmail("ethereum", account.address)))).toHaveLength(0);
    const failures = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.eventType, "login_failed"));
    expect(failures.some((row) => (row.eventDetails as { reason?: string }).reason === "signature")).toBe(true);
  });

  it("a real ed25519 key signs the Solana sign-in message: a customer whose stand-in is the key in hex", async () => {
    const wallet = solanaWallet();
    const input = await solanaInput();
    expect(input).toMatchObject({ domain: "127.0.0.1:3999", uri: "http://127.0.0.1:3999", version: "1" });
    const message = createSignInMessageText({ ...input, address: wallet.address });
    const result = await signInWithWallet(platform, { chain: "solana", message, signature: signSolana(wallet.privateKey, message) }, meta());
    expect(result.ok && result.value.isRegister).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.email, placeholderEmail("solana", wallet.hex)));
    expect(user).toBeDefined();
    expect(await t.db.select({ providerId: accounts.providerId, accountId: accounts.accountId }).from(accounts).where(eq(accounts.userId, user!.id))).toEqual([
      { providerId: "solana", accountId: wallet.address },
    ]);
    expect(await t.db.select().from(sponsors).where(eq(sponsors.userId, user!.id))).toHaveLength(1);

    // A base58 signature (as some wallets hand it over) is read too; the same wallet, the same customer.
    const message2 = createSignInMessageText({ ...(await solanaInput()), address: wallet.address });
    const signature58 = base58.encode(sign(null, Buffer.from(message2), wallet.privateKey));
    const again = await signInWithWallet(platform, { chain: "solana", message: message2, signature: signature58 }, meta());
    expect(again.ok && again.value).toMatchObject({ userId: user!.id, isRegister: false });
  });

  it("Solana: replay, unknown nonce, other domain, other URI, expiry, another key and a changed message are all refused", async () => {
    const wallet = solanaWallet();
    const other = solanaWallet();
    const attempt = (message: string, key = wallet.privateKey) => signInWithWallet(platform, { chain: "solana", message, signature: signSolana(key, message) }, meta());

    const good = createSignInMessageText({ ...(await solanaInput()), address: wallet.address });
    expect((await attempt(good)).ok).toBe(true);
    expect(await attempt(good)).toMatchObject({ ok: false, message: SIGN_IN_WAYS.expired });
    expect(await attempt(createSignInMessageText({ ...(await solanaInput()), nonce: "fedcba9876543210fedcba9876543210", address: wallet.address }))).toMatchObject({ ok: false, message: SIGN_IN_WAYS.expired });
    expect(await attempt(createSignInMessageText({ ...(await solanaInput()), domain: "evil.example", address: wallet.address }))).toMatchObject({ ok: false, message: SIGN_IN_WAYS.wrongSite });
    expect(await attempt(createSignInMessageText({ ...(await solanaInput()), uri: "https://evil.example", address: wallet.address }))).toMatchObject({ ok: false, message: SIGN_IN_WAYS.wrongSite });

    const late = createSignInMessageText({ ...(await solanaInput()), address: wallet.address });
    platform.clock.advance(6 * 60 * 1000);
    try {
      expect(await attempt(late)).toMatchObject({ ok: false, message: SIGN_IN_WAYS.expired });
    } finally {
      platform.clock.advance(-6 * 60 * 1000);
    }

    // Signed by another key than the address the message names.
    expect(await attempt(createSignInMessageText({ ...(await solanaInput()), address: wallet.address }), other.privateKey)).toMatchObject({ ok: false, message: SIGN_IN_WAYS.badSignature });
    // Changed after it was signed: the statement says something else.
    const signed = createSignInMessageText({ ...(await solanaInput()), address: wallet.address });
    const signature = signSolana(wallet.privateKey, signed);
    const changed = signed.replace("does not move any funds", "moves all funds");
    expect(await signInWithWallet(platform, { chain: "solana", message: changed, signature }, meta())).toMatchObject({ ok: false, message: SIGN_IN_WAYS.badSignature });
    // A nonce issued for Ethereum is not one for Solana.
    const ethNonce = nonceOf(await ethereumChallenge(privateKeyToAccount(generatePrivateKey())));
    expect(await attempt(createSignInMessageText({ ...(await solanaInput()), nonce: ethNonce, address: wallet.address }))).toMatchObject({ ok: false, message: SIGN_IN_WAYS.expired });
  });

  it("a staff member's wallet is refused at the customer door, and no session is left", async () => {
    const staff = await insertUser(t.db);
    const wallet = privateKeyToAccount(generatePrivateKey());
    await t.db.insert(accounts).values({ id: crypto.randomUUID(), userId: staff.userId, providerId: "ethereum", accountId: wallet.address.toLowerCase() });
    const message = await ethereumChallenge(wallet);
    const result = await signInWithWallet(platform, { chain: "ethereum", message, signature: await wallet.signMessage({ message }) }, meta());
    expect(result).toMatchObject({ ok: false, status: 403, message: ADMIN_REFUSED_MESSAGE });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, staff.userId))).toHaveLength(0);
  });

  it("bad input is a validation error, and the challenges and sign-ins are rate limited per client address", async () => {
    expect(await startWalletSignIn(platform, { chain: "ethereum", address: "0x123" }, meta())).toMatchObject({ ok: false, status: 400, title: "Validation Error" });
    expect(await signInWithWallet(platform, { chain: "bitcoin", message: "x", signature: "y" }, meta())).toMatchObject({ ok: false, status: 400 });
    const one = testMeta("198.51.100.250");
    for (let i = 0; i < 30; i++) await startWalletSignIn(platform, { chain: "solana" }, one);
    expect(await startWalletSignIn(platform, { chain: "solana" }, one)).toMatchObject({ ok: false, status: 429, title: "Login Failed" });
    for (let i = 0; i < 30; i++) await signInWithWallet(platform, { chain: "solana", message: "x", signature: "y" }, one);
    expect(await signInWithWallet(platform, { chain: "solana", message: "x", signature: "y" }, one)).toMatchObject({ ok: false, status: 429 });
  });
});
