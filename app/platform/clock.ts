/**
 * What time it is, for the rules that depend on it (TOTP steps, the second-factor window).
 * The server uses the system clock; tests give the platform a clock they can move forward, so
 * none of them waits for a 30-second step to roll over.
 */
export type Clock = { now(): number };

export const systemClock: Clock = { now: () => Date.now() };
