import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encryption and keyed hashing for the second factor, with keys derived from AUTH_SECRET.
 * A copy of the database alone therefore reveals neither TOTP secrets nor backup codes.
 * Rotating AUTH_SECRET makes both unreadable: every administrator then sets up 2FA again.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

type Purpose = "totp-secret" | "backup-code" | SealPurpose;
/** What a sealed value is for: each purpose has its own key, so one kind of value never opens as another. */
export type SealPurpose = "totp-secret" | "sso-client-secret";

const keys = new Map<string, Buffer>();

/** One key per purpose (HKDF-SHA-256), so the encryption key is never also a MAC key. */
function keyFor(authSecret: string, purpose: Purpose) {
  const cacheKey = `${purpose}\u0000${authSecret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", authSecret, "apiary-second-factor", `apiary/${purpose}/${VERSION}`, 32));
    keys.set(cacheKey, key);
  }
  return key;
}

/**
 * AES-256-GCM. `context` (e.g. the user id) is authenticated but not stored: a ciphertext
 * copied onto another account's row does not decrypt there.
 * Format: `v1.<iv>.<ciphertext>.<tag>`, base64url; the version leaves room for a new scheme.
 */
export function sealSecret(plain: string, authSecret: string, context: string, purpose: SealPurpose = "totp-secret"): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(authSecret, purpose), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The plain text, or null when the value is not ours, was altered, or was sealed with another key. */
export function openSecret(sealed: string, authSecret: string, context: string, purpose: SealPurpose = "totp-secret"): string | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== VERSION || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(authSecret, purpose), Buffer.from(iv, "base64url"), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/**
 * SHA-256 of a backup code, keyed (HMAC) with a key the database does not hold: an 8-character
 * code has only ~41 bits, which a plain hash would give up to an offline search in minutes.
 * The user id is part of the message, so equal codes of two users do not hash alike.
 */
export function hashBackupCode(code: string, authSecret: string, userId: string): string {
  return createHmac("sha256", keyFor(authSecret, "backup-code")).update(`${userId}:${code}`).digest("hex");
}
