import { describe, expect, it } from "vitest";
import { CustomerLoginSchema, CustomerSignUpSchema, safeRedirectPath } from "./auth.schema";
import { hashPassword, verifyPassword, weakPasswordReason } from "./password.server";

describe("customer forms", () => {
  const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
  it("uses the spec's messages", () => {
    expect(first(CustomerSignUpSchema.safeParse({ email: "nope", password: "longenough" }))).toBe("Please enter a valid email address");
    expect(first(CustomerSignUpSchema.safeParse({ email: "a@b.co", password: "12345" }))).toBe("Password must be at least 6 characters");
    expect(first(CustomerLoginSchema.safeParse({ email: "a@b.co", password: "" }))).toBe("Password is required");
  });
  it("normalises the e-mail and drops empty optional fields", () => {
    expect(CustomerSignUpSchema.parse({ email: "  Bee@Example.COM ", password: "123456", companyName: "  ", phoneNumber: "" })).toEqual({
      email: "bee@example.com",
      password: "123456",
      companyName: undefined,
      phoneNumber: undefined,
    });
  });
});

describe("redirect targets", () => {
  it.each([
    ["/sponsor-profile?tab=bookings", "/sponsor-profile?tab=bookings"],
    ["//evil.example/x", "/home"],
    ["/\\evil.example", "/home"],
    ["https://evil.example", "/home"],
    ["javascript:alert(1)", "/home"],
    [null, "/home"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirectPath(input, "/home")).toBe(expected);
  });
});

describe("passwords", () => {
  it("hashes with scrypt N=2^17 and a fresh salt, and verifies only the right password", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword({ hash: a, password: "correct horse battery" })).toBe(true);
    expect(await verifyPassword({ hash: a, password: "correct horse batterx" })).toBe(false);
    expect(await verifyPassword({ hash: "garbage", password: "x" })).toBe(false);
  });
  it("refuses common and personal passwords an admin sets, accepts a strong one", async () => {
    expect(await weakPasswordReason("password123")).not.toBeNull();
    expect(await weakPasswordReason("qwertyuiop")).not.toBeNull();
    expect(await weakPasswordReason("hive2024hive", ["hive2024@apiary.org"])).not.toBeNull();
    expect(await weakPasswordReason("Meadow-Clover-Orchard-42")).toBeNull();
  });
});
