import type { Clock } from "~/platform/clock";

/**
 * A clock tests move by hand: `advance(30_000)` is the next TOTP step, at once. It runs with
 * the system clock (plus what was advanced), or stands still at `frozenAt`, so that a code
 * computed by the test and the server's check of it can never fall on two sides of a step.
 */
export class TestClock implements Clock {
  private offsetMs = 0;
  private readonly frozenAt: number | undefined;

  constructor(options: { frozenAt?: number } = {}) {
    this.frozenAt = options.frozenAt;
  }

  now() {
    return (this.frozenAt ?? Date.now()) + this.offsetMs;
  }

  advance(ms: number) {
    this.offsetMs += ms;
  }
}
