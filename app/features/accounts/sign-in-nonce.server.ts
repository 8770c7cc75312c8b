import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, like, lt } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { verifications } from "~/platform/db/schema";

/**
 * What a nonce was issued for: one kind is never accepted for another. A wallet link's nonce
 * also names the account it was issued to, so a signed link message cannot join another account.
 */
export type NoncePurpose = "ethereum" | "solana" | "id_token" | `link:${"ethereum" | "solana"}:${string}`;

/** A sign-in nonce lives five minutes: long enough to open a wallet and approve, short enough not to be kept. */
export const NONCE_LIFETIME_MS = 5 * 60 * 1000;

const PREFIX = "sign-in-nonce:";
const identifierOf = (purpose: NoncePurpose, nonce: string) => `${PREFIX}${purpose}:${createHash("sha256").update(nonce).digest("base64url")}`;

/**
 * A fresh single-use nonce: 128 random bits, written as 32 hex characters (EIP-4361 wants at
 * least eight alphanumerics). Only its hash is stored, under the purpose it was issued for; the
 * ones that lapsed unused are swept away as new ones are issued.
 */
export async function issueNonce(db: Queryable, purpose: NoncePurpose, now: Date): Promise<{ nonce: string; expiresAt: Date }> {
  const nonce = randomBytes(16).toString("hex");
  const expiresAt = new Date(now.getTime() + NONCE_LIFETIME_MS);
  await db.delete(verifications).where(and(like(verifications.identifier, `${PREFIX}%`), lt(verifications.expiresAt, now)));
  await db.insert(verifications).values({ id: crypto.randomUUID(), identifier: identifierOf(purpose, nonce), value: purpose, expiresAt });
  return { nonce, expiresAt };
}

/**
 * Spends a nonce: true once for a nonce this server issued for `purpose` and that has not
 * lapsed; false for any other, for a second use, and for two uses at the same moment (the row is
 * deleted and returned in one statement, so only one of them gets it).
 */
export async function consumeNonce(db: Queryable, purpose: NoncePurpose, nonce: string, now: Date): Promise<boolean> {
  if (!/^[0-9a-f]{32}$/.test(nonce)) return false;
  const spent = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, identifierOf(purpose, nonce)), gt(verifications.expiresAt, now)))
    .returning({ id: verifications.id });
  return spent.length === 1;
}
