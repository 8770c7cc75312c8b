import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToNumeric, formatUsd, toCents } from "./money";

describe("money", () => {
  it("reads database amounts into cents without floating-point error", () => {
    expect(toCents("165.00")).toBe(16500);
    expect(toCents("22.55")).toBe(2255);
    expect(toCents("0.1")).toBe(10);
    expect(toCents("5499")).toBe(549900);
    expect(toCents(0.29)).toBe(29);
    expect(() => toCents("1e3")).toThrow();
    expect(() => toCents("12.345")).toThrow();
  });

  it("writes cents back as numeric text, round-tripping every amount", () => {
    expect(centsToNumeric(82500)).toBe("825.00");
    expect(centsToNumeric(5)).toBe("0.05");
    fc.assert(fc.property(fc.integer({ min: -99_999_999, max: 99_999_999 }), (cents) => toCents(centsToNumeric(cents)) === cents));
  });

  it("shows dollars with a dollar sign, cents only when there are some", () => {
    expect(formatUsd(199900)).toBe("$1,999");
    expect(formatUsd(2255)).toBe("$22.55");
    expect(formatUsd(82500)).toBe("$825");
    expect(formatUsd(123456789)).toBe("$1,234,567.89");
    expect(formatUsd(-2255)).toBe("-$22.55");
  });

  it("writes every amount as Intl's en-US dollar format does", () => {
    const whole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
    const exact = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
    const intl = (cents: number) => (cents % 100 === 0 ? whole.format(cents / 100) : exact.format(cents / 100));
    fc.assert(fc.property(fc.integer({ min: -9_999_999_999, max: 9_999_999_999 }), (cents) => formatUsd(cents) === intl(cents)));
    for (const cents of [0, 1, 99, 100, 101, 99_999, 100_000, 100_001, 99_999_999]) expect(formatUsd(cents)).toBe(intl(cents));
  });
});
