import { describe, expect, it } from "vitest";
import { base58, hex } from "@scure/base";
import { accountLabel, hasContactEmail, placeholderEmail, placeholderIdentity, shortenAddress } from "./no-email";

describe("accounts without an e-mail address", () => {
  it("builds a stand-in address per identity that reads back to the identity", () => {
    const phone = placeholderEmail("phone", "+15551234567");
    expect(phone).toBe("15551234567@phone.no-email.invalid");
    expect(placeholderIdentity(phone)).toEqual({ kind: "phone", value: "+15551234567" });

    const eth = placeholderEmail("ethereum", "0x12AB34cd56ef7890aBCdef1234567890ABCDEF12");
    expect(eth).toBe("0x12ab34cd56ef7890abcdef1234567890abcdef12@ethereum.no-email.invalid");
    expect(placeholderIdentity(eth)?.kind).toBe("ethereum");

    const key = "ab".repeat(32);
    expect(placeholderIdentity(placeholderEmail("solana", key))).toEqual({ kind: "solana", value: key });
  });

  it("refuses what is not the identity it claims", () => {
    expect(() => placeholderEmail("ethereum", "0x1234")).toThrow();
    expect(() => placeholderEmail("phone", "call me")).toThrow();
    expect(() => placeholderEmail("solana", "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU")).toThrow();
  });

  it("tells a real address from a stand-in", () => {
    expect(hasContactEmail("maya@example.com")).toBe(true);
    expect(hasContactEmail("15551234567@phone.no-email.invalid")).toBe(false);
    expect(hasContactEmail("15551234567@PHONE.NO-EMAIL.INVALID")).toBe(false);
    expect(hasContactEmail(null)).toBe(false);
    expect(placeholderIdentity("maya@example.com")).toBeNull();
  });

  it("shortens addresses as wallets show them", () => {
    expect(shortenAddress("0x12ab34cd56ef7890abcdef1234567890abcdcdef")).toBe("0x12ab…cdef");
    expect(shortenAddress("7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU")).toBe("7xKX…gAsU");
  });

  it("labels an account by its e-mail, else its shortened wallet address (base58 for Solana) or its phone number", () => {
    expect(accountLabel("maya@example.com")).toBe("maya@example.com");
    expect(accountLabel(placeholderEmail("ethereum", "0x12AB34cd56ef7890aBCdef1234567890ABCDcdef"))).toBe("0x12ab…cdef");
    const solana = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
    expect(accountLabel(placeholderEmail("solana", hex.encode(base58.decode(solana))))).toBe("7xKX…gAsU");
    expect(accountLabel(placeholderEmail("phone", "+15551234567"))).toBe("+15551234567");
  });
});
