import { createHash, verify as verifySignature } from "node:crypto";
import { base58 } from "@scure/base";
import { parseSignInMessageText } from "@solana/wallet-standard-util";
import { getAddress, isAddress, verifyMessage, type Hex } from "viem";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import { failedAs, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import { z } from "~/platform/zod";
import { recordAuditEvent } from "./audit.server";
import { checkForm } from "./form-input";
import { limits, tooManyAttemptsMessage } from "./limits";
import { LOGIN_FAILED_TITLE, SIGN_IN_WAYS, VALIDATION_ERROR_TITLE } from "./messages";
import { placeholderEmail } from "./no-email";
import type { RequestMeta } from "./request-meta";
import { consumeNonce, issueNonce, NONCE_LIFETIME_MS, type NoncePurpose } from "./sign-in-nonce.server";
import { signInVerified, type SignedInBy } from "./verified-sign-in.server";

export type WalletChain = "ethereum" | "solana";

/** What the wallet is asked to sign, in the words it shows the person. */
export const WALLET_STATEMENT = "Sign in to Apiary. This request costs nothing and does not move any funds.";

export const WalletChallengeSchema = z.discriminatedUnion("chain", [
  z.object({
    chain: z.literal("ethereum"),
    address: z.string().refine((value) => isAddress(value, { strict: false }), "Not an Ethereum address"),
    chainId: z.coerce.number().int().positive().max(2 ** 53 - 1).default(1),
  }),
  z.object({ chain: z.literal("solana") }),
]);

export const WalletSignInSchema = z.object({
  chain: z.enum(["ethereum", "solana"]),
  message: z.string().min(1).max(4000),
  // Ethereum: 0x-hex (65 bytes); Solana: base64 or base58 of the 64-byte ed25519 signature.
  signature: z.string().min(1).max(400),
});

/** What the browser hands the wallet: the SIWE text to sign, or the Solana sign-in input. */
export type WalletChallenge =
  | { chain: "ethereum"; message: string }
  | { chain: "solana"; input: { domain: string; uri: string; statement: string; version: "1"; nonce: string; issuedAt: string; expirationTime: string } };

/** This site as the messages name it: the host (domain) and the origin (URI). */
function site(platform: Platform) {
  const url = new URL(platform.env.APP_URL);
  return { domain: url.host, uri: url.origin, scheme: url.protocol.replace(":", "") };
}

/**
 * Step one of a wallet sign-in: a nonce of the server's (single use, five minutes) inside the
 * message the wallet will be asked to sign. For Ethereum the server writes the whole EIP-4361
 * text; a Solana wallet writes its sign-in message itself from these fields (the wallet standard's
 * `solana:signIn`). Nothing here is trusted later: step two reads the message that was signed.
 */
export async function startWalletSignIn(platform: Platform, input: unknown, meta: RequestMeta): Promise<Result<WalletChallenge>> {
  return walletChallenge(platform, input, meta, { purpose: (chain) => chain, statement: WALLET_STATEMENT, title: LOGIN_FAILED_TITLE });
}

/**
 * The message a wallet is asked to sign, for a purpose: signing in (above), or linking the
 * wallet to the signed-in account (sign-in-ways.server.ts), whose nonce names that account.
 */
export async function walletChallenge(
  platform: Platform,
  input: unknown,
  meta: RequestMeta,
  options: { purpose: (chain: WalletChain) => NoncePurpose; statement: string; title: string },
): Promise<Result<WalletChallenge>> {
  const checked = checkForm(WalletChallengeSchema, input, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const limit = await hitRateLimit(platform.db, limits.walletChallengeByAddress, meta.clientAddress);
  if (!limit.allowed) return failedAs(options.title, 429, tooManyAttemptsMessage(limit.retryAfterSeconds));
  const now = new Date(platform.clock.now());
  const { nonce, expiresAt } = await issueNonce(platform.db, options.purpose(checked.value.chain), now);
  const { domain, uri, scheme } = site(platform);
  if (checked.value.chain === "ethereum") {
    const message = createSiweMessage({
      address: getAddress(checked.value.address.toLowerCase()),
      chainId: checked.value.chainId,
      domain,
      scheme,
      uri,
      nonce,
      version: "1",
      statement: options.statement,
      issuedAt: now,
      expirationTime: expiresAt,
    });
    return succeeded({ chain: "ethereum", message });
  }
  return succeeded({
    chain: "solana",
    input: { domain, uri, statement: options.statement, version: "1", nonce, issuedAt: now.toISOString(), expirationTime: expiresAt.toISOString() },
  });
}

export type Checked = { ok: true; address: string } | { ok: false; reason: "malformed" | "wrong-site" | "expired" | "nonce" | "signature" };

/** Whether a signed message's times hold now: issued (give or take a minute of clock skew), not yet expired, past its not-before. */
function timely(now: Date, fields: { issuedAt?: Date; expirationTime?: Date; notBefore?: Date }) {
  const skew = 60_000;
  if (!fields.expirationTime || Number.isNaN(fields.expirationTime.getTime())) return false;
  if (fields.expirationTime.getTime() <= now.getTime()) return false;
  // No message of ours asks to live longer than a nonce does.
  if (fields.issuedAt && fields.expirationTime.getTime() - fields.issuedAt.getTime() > NONCE_LIFETIME_MS + skew) return false;
  if (fields.issuedAt && fields.issuedAt.getTime() > now.getTime() + skew) return false;
  if (fields.notBefore && fields.notBefore.getTime() > now.getTime()) return false;
  return true;
}

const dateOrUndefined = (text: string | undefined) => (text ? new Date(text) : undefined);

/** An EIP-4361 message and its personal_sign signature (secp256k1, recovered to the message's address). */
export async function checkEthereumSignIn(platform: Platform, message: string, signature: string, purpose: NoncePurpose = "ethereum"): Promise<Checked> {
  const { domain, uri, scheme } = site(platform);
  const fields = parseSiweMessage(message);
  if (!fields.address || !fields.nonce || !fields.domain || !fields.uri || fields.version !== "1" || !isAddress(fields.address, { strict: false })) {
    return { ok: false, reason: "malformed" };
  }
  if (fields.domain !== domain || (fields.scheme && fields.scheme !== scheme) || safeOrigin(fields.uri) !== uri) return { ok: false, reason: "wrong-site" };
  const now = new Date(platform.clock.now());
  if (!timely(now, fields)) return { ok: false, reason: "expired" };
  if (!(await consumeNonce(platform.db, purpose, fields.nonce, now))) return { ok: false, reason: "nonce" };
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return { ok: false, reason: "signature" };
  const address = getAddress(fields.address.toLowerCase());
  const valid = await verifyMessage({ address, message, signature: signature as Hex }).catch(() => false);
  return valid ? { ok: true, address: address.toLowerCase() } : { ok: false, reason: "signature" };
}

/** A Sign In With Solana message (the wallet standard's text) and its ed25519 signature by the message's address. */
export async function checkSolanaSignIn(platform: Platform, message: string, signature: string, purpose: NoncePurpose = "solana"): Promise<Checked> {
  const { domain, uri } = site(platform);
  const fields = parseSignInMessageText(message);
  if (!fields || !fields.nonce || !fields.uri || (fields.version && fields.version !== "1")) return { ok: false, reason: "malformed" };
  let publicKey: Uint8Array;
  try {
    publicKey = base58.decode(fields.address);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (publicKey.length !== 32) return { ok: false, reason: "malformed" };
  if (fields.domain !== domain || safeOrigin(fields.uri) !== uri) return { ok: false, reason: "wrong-site" };
  const now = new Date(platform.clock.now());
  const times = { issuedAt: dateOrUndefined(fields.issuedAt), expirationTime: dateOrUndefined(fields.expirationTime), notBefore: dateOrUndefined(fields.notBefore) };
  if (!timely(now, times)) return { ok: false, reason: "expired" };
  if (!(await consumeNonce(platform.db, purpose, fields.nonce, now))) return { ok: false, reason: "nonce" };
  const signatureBytes = decodeSignature(signature);
  if (!signatureBytes || signatureBytes.length !== 64) return { ok: false, reason: "signature" };
  const key = { key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") }, format: "jwk" } as const;
  let valid: boolean;
  try {
    valid = verifySignature(null, Buffer.from(message, "utf8"), key, signatureBytes);
  } catch {
    valid = false;
  }
  return valid ? { ok: true, address: fields.address } : { ok: false, reason: "signature" };
}

function safeOrigin(uri: string) {
  try {
    const url = new URL(uri);
    return url.origin;
  } catch {
    return null;
  }
}

/** 64 bytes: base64 with its "==" (which base58 never has), else base58. */
function decodeSignature(text: string): Uint8Array | null {
  if (/^[A-Za-z0-9+/]{86}==$/.test(text)) return Buffer.from(text, "base64");
  try {
    return base58.decode(text);
  } catch {
    return null;
  }
}

export const REFUSAL: Record<Exclude<Checked, { ok: true }>["reason"], { status: 400 | 401; message: string }> = {
  malformed: { status: 400, message: SIGN_IN_WAYS.badSignature },
  "wrong-site": { status: 401, message: SIGN_IN_WAYS.wrongSite },
  expired: { status: 401, message: SIGN_IN_WAYS.expired },
  nonce: { status: 401, message: SIGN_IN_WAYS.expired },
  signature: { status: 401, message: SIGN_IN_WAYS.badSignature },
};

/** The Solana stand-in address is built from the key's bytes in hex: base58 is case-sensitive, e-mail addresses are not. */
export function walletEmail(chain: WalletChain, address: string) {
  return chain === "ethereum" ? placeholderEmail("ethereum", address) : placeholderEmail("solana", Buffer.from(base58.decode(address)).toString("hex"));
}

/**
 * Step two (POST /token grant_type=web3): the signed message and its signature. The server reads
 * everything from the message that was signed, and checks it: this site's domain and URI, not
 * expired, a nonce it issued for this chain and never spent, and the signature by the message's
 * own address. Then the wallet signs in at the customer door: its `accounts` row (provider
 * "ethereum"/"solana", account id = the address) finds the customer, or a first sign-in makes one
 * with a stand-in address, sponsor record and customer role. Staff are refused.
 */
export async function signInWithWallet(platform: Platform, input: unknown, meta: RequestMeta): Promise<Result<SignedInBy>> {
  const checked = checkForm(WalletSignInSchema, input, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  const { chain, message, signature } = checked.value;
  const byAddress = await hitRateLimit(platform.db, limits.signInByAddress, meta.clientAddress);
  if (!byAddress.allowed) return failedAs(LOGIN_FAILED_TITLE, 429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));

  const proof = chain === "ethereum" ? await checkEthereumSignIn(platform, message, signature) : await checkSolanaSignIn(platform, message, signature);
  if (!proof.ok) {
    const messageHash = createHash("sha256").update(message).digest("hex").slice(0, 16);
    await recordAuditEvent(platform.db, { type: "login_failed", details: { method: chain, portal: "customer", reason: proof.reason, messageHash } }, meta);
    const refusal = REFUSAL[proof.reason];
    return failedAs(LOGIN_FAILED_TITLE, refusal.status, refusal.message);
  }
  return signInVerified(
    platform,
    {
      providerId: chain,
      accountId: proof.address,
      email: walletEmail(chain, proof.address),
      emailVerified: false,
      // No name is made up: the account is shown by its address (accountLabel) until the person gives one.
      name: "",
    },
    "customer",
    meta,
  );
}
