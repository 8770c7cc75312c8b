import { base58, hex } from "@scure/base";

/**
 * Accounts that began with a phone number or a wallet have no e-mail address yet. The account
 * library keeps `email` required and unique, so such an account carries a stand-in address
 * under the reserved `.invalid` domain (RFC 2606: it can never be delivered), built from the
 * identity itself so that it is unique and can be shown without a lookup:
 *
 *   phone     15551234567@phone.no-email.invalid            (E.164 without its "+")
 *   Ethereum  0x12ab…(40 hex, lower case)@ethereum.no-email.invalid
 *   Solana    (the public key's 32 bytes as 64 hex)@solana.no-email.invalid
 *   account   (32 hex from the account's id)@account.no-email.invalid
 *
 * The last is for an account whose phone and wallets have all been removed while it kept another
 * way in (a passkey, Google): it names no way that is gone, and none that can be written down.
 *
 * Solana keys are written in hex, not base58, because e-mail addresses are compared lower-cased
 * and base58 is case-sensitive. Nothing is ever sent to these addresses (the outbox refuses
 * them), and the first booking or adoption asks the person for a real, verified address.
 */
export const NO_EMAIL_DOMAIN = "no-email.invalid";

export type NoEmailKind = "phone" | "ethereum" | "solana" | "account";

const PATTERNS: Record<NoEmailKind, RegExp> = {
  phone: /^(\d{6,15})@phone\.no-email\.invalid$/,
  ethereum: /^(0x[0-9a-f]{40})@ethereum\.no-email\.invalid$/,
  solana: /^([0-9a-f]{64})@solana\.no-email\.invalid$/,
  account: /^([0-9a-f]{32})@account\.no-email\.invalid$/,
};

/** The stand-in address for an identity: an E.164 number, a 0x address, a Solana key's 32 bytes as hex, or an account's 32 hex. */
export function placeholderEmail(kind: NoEmailKind, identity: string): string {
  const local = kind === "phone" ? identity.replace(/^\+/, "") : identity.toLowerCase();
  const email = `${local}@${kind}.${NO_EMAIL_DOMAIN}`;
  if (!PATTERNS[kind].test(email)) throw new Error(`Not a ${kind} identity: ${identity}`);
  return email;
}

/** True for a real address someone can read; false for a stand-in (or nothing). */
export function hasContactEmail(email: string | null | undefined): email is string {
  return typeof email === "string" && email.length > 0 && !email.toLowerCase().endsWith(`.${NO_EMAIL_DOMAIN}`);
}

/** Which identity a stand-in address stands for, or null for a real address. */
export function placeholderIdentity(email: string): { kind: NoEmailKind; value: string } | null {
  const lower = email.toLowerCase();
  for (const kind of Object.keys(PATTERNS) as NoEmailKind[]) {
    const match = PATTERNS[kind].exec(lower);
    if (match) return { kind, value: kind === "phone" ? `+${match[1]}` : match[1]! };
  }
  return null;
}

/** `0x12ab…cdef`: the first and last four characters of an address, as wallets show them. */
export function shortenAddress(address: string): string {
  const head = address.startsWith("0x") ? 6 : 4;
  return address.length <= head + 5 ? address : `${address.slice(0, head)}…${address.slice(-4)}`;
}

/**
 * How a person's account is shown wherever their e-mail would be: the address itself, or for an
 * account without one its identity — a wallet's address shortened as wallets show it
 * (`0x12ab…cdef`; a Solana key in base58, `7xKX…sAsU`), or the phone number; one with neither
 * left, "No e-mail address" and the first characters of its stand-in, to tell such accounts
 * apart in a list. Never the stand-in.
 */
export function accountLabel(email: string): string {
  const identity = placeholderIdentity(email);
  if (!identity) return email;
  if (identity.kind === "phone") return identity.value;
  if (identity.kind === "account") return `No e-mail address (${identity.value.slice(0, 8)})`;
  if (identity.kind === "ethereum") return shortenAddress(identity.value);
  return shortenAddress(base58.encode(hex.decode(identity.value)));
}
