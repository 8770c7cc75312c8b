/**
 * How long sessions and reset links last. A leaf: Better Auth's set-up (auth-instance.server.ts)
 * and the code that loads it (auth.server.ts) both read these, and neither imports the other
 * at run time except for that lazy load.
 */

/** Sliding session: refreshed daily while used, ends after a week idle and 30 days at most. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_SECONDS = 60 * 60;

/**
 * A back-office session ends 12 hours after sign-in, whatever the use: a working day, then a new
 * sign-in (with its second factor). Staff sessions can change every booking, account and page,
 * so a forgotten one on a shared computer is worth far more than a sponsor's (NIST SP 800-63B
 * asks AAL2 sessions to re-authenticate at least every 12 hours).
 */
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
