import type { RateRule } from "~/platform/security/rate-limit.server";

const MINUTE = 60 * 1000;

/**
 * Brute-force limits, per client address and per account. Stored in the database: they hold
 * across restarts and across app instances.
 */
export const limits = {
  signInByAddress: { name: "sign-in:address", limit: 30, windowMs: 15 * MINUTE },
  signInFailuresByAccount: { name: "sign-in:account", limit: 5, windowMs: 15 * MINUTE },
  signUpByAddress: { name: "sign-up:address", limit: 10, windowMs: 60 * MINUTE },
  secondFactorByAddress: { name: "2fa:address", limit: 30, windowMs: 15 * MINUTE },
  secondFactorFailuresByAccount: { name: "2fa:account", limit: 5, windowMs: 15 * MINUTE },
  recoveryByAddress: { name: "recovery:address", limit: 10, windowMs: 60 * MINUTE },
  recoveryByAccount: { name: "recovery:account", limit: 3, windowMs: 60 * MINUTE },
  resetByAddress: { name: "reset:address", limit: 20, windowMs: 60 * MINUTE },
  /** Confirming it's you again (fresh-proof.server.ts) with a password: guessing it from a stolen session. */
  freshProofFailuresByAccount: { name: "fresh-proof:account", limit: 5, windowMs: 15 * MINUTE },
  verificationByAccount: { name: "verification:account", limit: 3, windowMs: 60 * MINUTE },
  /** Asking to change one's e-mail address: each ask sends a link to an address of the asker's choosing. */
  emailChangeByAccount: { name: "email-change:account", limit: 5, windowMs: 60 * MINUTE },
  /** A wallet or ID-token sign-in's nonce: each one is a database row, so they are not free. */
  walletChallengeByAddress: { name: "sign-in-nonce:address", limit: 30, windowMs: 15 * MINUTE },
  /** /admin-setup is open to anyone until the first admin exists; each try hashes a password. */
  adminSetupByAddress: { name: "admin-setup:address", limit: 10, windowMs: 60 * MINUTE },
  /** Passkey sign-ins: each options request and each answer counts, at either door. */
  passkeySignInByAddress: { name: "passkey-sign-in:address", limit: 30, windowMs: 15 * MINUTE },
  /** Adding passkeys: each set-up started counts. */
  passkeyRegistrationByAccount: { name: "passkey-register:account", limit: 20, windowMs: 60 * MINUTE },
  /** Staff single sign-on: each start reads the provider's discovery document, each return calls its token endpoint. */
  ssoStartByAddress: { name: "sso-start:address", limit: 20, windowMs: 15 * MINUTE },
  ssoReturnByAddress: { name: "sso-return:address", limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

export function tooManyAttemptsMessage(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

/**
 * Codes by e-mail and text message. A text costs the organisation money, so numbers are held
 * tighter than addresses; the 60-second wait between two codes to one address or number is a rule
 * of the code itself (one-time-code.server.ts). Figures are in docs/security.md.
 */
export const codeLimits = {
  emailCodeByAddress: { name: "email-code:address", limit: 10, windowMs: 60 * MINUTE },
  emailCodeByEmail: { name: "email-code:email", limit: 5, windowMs: 60 * MINUTE },
  smsCodeByAddress: { name: "sms-code:address", limit: 5, windowMs: 60 * MINUTE },
  smsCodeByNumber: { name: "sms-code:number", limit: 3, windowMs: 60 * MINUTE },
  smsCodeByNumberDaily: { name: "sms-code:number-day", limit: 6, windowMs: 24 * 60 * MINUTE },
  /** Tries at a code, per client address (5 wrong tries end each code as well). */
  codeTriesByAddress: { name: "code-try:address", limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;
