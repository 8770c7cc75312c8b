/**
 * A disabled account (set by an administrator in User Management): the one refusal every way of
 * signing in ends in, from the session-creation hook (auth-instance.server.ts). The code travels
 * in Better Auth's error, and in Google's return address as `?error=account_disabled`.
 */
export const ACCOUNT_DISABLED_CODE = "account_disabled";
export const ACCOUNT_DISABLED_MESSAGE = "This account has been disabled. Please contact us if you think this is a mistake.";
