/**
 * How long sessions and reset links last. A leaf: Better Auth's set-up (auth-instance.server.ts)
 * and the code that loads it (auth.server.ts) both read these, and neither imports the other
 * at run time except for that lazy load.
 */

/** Sliding session: refreshed daily while used, ends after a week idle and 30 days at most. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_SECONDS = 60 * 60;
