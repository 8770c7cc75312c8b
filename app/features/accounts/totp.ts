import { Secret, TOTP } from "otpauth";

/**
 * Time-based one-time codes as the spec fixes them: 6 digits, 30-second steps, SHA-1, and a
 * window of 0 (only the current step's code). Each accepted step is stored, so a code works
 * once (see two-factor.server.ts).
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ALGORITHM = "SHA1";
export const TOTP_WINDOW = 0;
export const TOTP_ISSUER = "Apiary";

/** 160 bits, the key length RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

export function generateTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totp(secretBase32: string, label = "") {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, accountName: string) {
  return totp(secretBase32, accountName).toString();
}

/** The number of the 30-second step `now` falls in (Unix time / 30). */
export function totpStep(now: number = Date.now()) {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

/** The step a code belongs to if it is right for this very step (window 0), else null. */
export function matchTotpStep(secretBase32: string, code: string, now: number = Date.now()): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : totpStep(now) + delta;
}

/** The code for a moment; for tests and for showing what an app would show. */
export function totpCodeAt(secretBase32: string, now: number = Date.now()) {
  return totp(secretBase32).generate({ timestamp: now });
}

/** "JBSW Y3DP EHPK 3PXP": the secret in groups of four, easier to type into an app by hand. */
export function formatSecretForHumans(secretBase32: string) {
  return secretBase32.replace(/(.{4})(?=.)/g, "$1 ");
}
