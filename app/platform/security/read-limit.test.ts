import { describe, expect, it } from "vitest";
import { ReadLimit } from "./read-limit.server";

describe("the public read limit", () => {
  it("lets an address make its reads in a minute, refuses one more with the seconds left, and starts afresh after the minute", () => {
    let now = 1_000_000;
    const limit = new ReadLimit(3, () => now);
    expect([limit.hit("198.51.100.1"), limit.hit("198.51.100.1"), limit.hit("198.51.100.1")].every((d) => d.allowed)).toBe(true);
    now += 20_000;
    expect(limit.hit("198.51.100.1")).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // Another address has its own minute.
    expect(limit.hit("198.51.100.2").allowed).toBe(true);
    now += 40_000;
    expect(limit.hit("198.51.100.1").allowed).toBe(true);
  });
});
