import { describe, expect, it } from "vitest";
import { CustomerLoginSchema, CustomerSignUpSchema, safeRedirectPath } from "./auth.schema";
import { parseEnv } from "~/platform/env.server";
import { configurePasswordHashing, hashPassword, verifyPassword } from "~/platform/security/password-hash.server";
import { TEST_PASSWORD_HASH_LOG_N } from "../../../tests/setup/test-settings";
import { weakPasswordReason } from "./password-strength.server";

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
    ["/.//evil.example/x", "/home"],
    ["/./\\evil.example/x", "/home"],
    ["/a/..//evil.example", "/home"],
    ["/\\evil.example", "/home"],
    ["https://evil.example", "/home"],
    ["javascript:alert(1)", "/home"],
    [null, "/home"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirectPath(input, "/home")).toBe(expected);
  });
});

describe("passwords", () => {
  it("hashes with scrypt N=2^17 by default and a fresh salt, and verifies only the right password", async () => {
    // Tests hash at a lower cost (tests/setup/vitest-setup.ts); a deployment never can.
    configurePasswordHashing(parseEnv({}));
    try {
      const a = await hashPassword("correct horse battery");
      const b = await hashPassword("correct horse battery");
      expect(a).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
      expect(a).not.toBe(b);
      expect(await verifyPassword({ hash: a, password: "correct horse battery" })).toBe(true);
      expect(await verifyPassword({ hash: a, password: "correct horse batterx" })).toBe(false);
      expect(await verifyPassword({ hash: "garbage", password: "x" })).toBe(false);
    } finally {
      configurePasswordHashing({ PASSWORD_HASH_LOG_N: TEST_PASSWORD_HASH_LOG_N });
    }
  });

  it("verifies a hash by the cost it records, whatever the configured cost", async () => {
    const cheap = await hashPassword("correct horse battery");
    expect(cheap).toMatch(new RegExp(`^\\$scrypt\\$ln=${TEST_PASSWORD_HASH_LOG_N},`));
    configurePasswordHashing(parseEnv({}));
    try {
      expect(await verifyPassword({ hash: cheap, password: "correct horse battery" })).toBe(true);
    } finally {
      configurePasswordHashing({ PASSWORD_HASH_LOG_N: TEST_PASSWORD_HASH_LOG_N });
    }
  });

  it("lets only a test run lower the cost", () => {
    expect(parseEnv({}).PASSWORD_HASH_LOG_N).toBe(17);
    expect(() => parseEnv({ PASSWORD_HASH_LOG_N: "10" })).toThrow(/^Invalid configuration: PASSWORD_HASH_LOG_N may be below 17 only for tests \(NODE_ENV=test\)/);
    expect(() => parseEnv({ NODE_ENV: "production", PASSWORD_HASH_LOG_N: "16" })).toThrow(/PASSWORD_HASH_LOG_N/);
    expect(parseEnv({ NODE_ENV: "test", PASSWORD_HASH_LOG_N: "10" }).PASSWORD_HASH_LOG_N).toBe(10);
    expect(parseEnv({ PASSWORD_HASH_LOG_N: "18" }).PASSWORD_HASH_LOG_N).toBe(18);
  });
  it("refuses common and personal passwords an admin sets, accepts a strong one", async () => {
    expect(await weakPasswordReason("password123")).not.toBeNull();
    expect(await weakPasswordReason("qwertyuiop")).not.toBeNull();
    expect(await weakPasswordReason("hive2024hive", ["hive2024@apiary.org"])).not.toBeNull();
    expect(await weakPasswordReason("Meadow-Clover-Orchard-42")).toBeNull();
  });
  it("refuses passwords leaning on the site's own words or the person's e-mail, though long enough to pass on length", async () => {
    for (const password of ["StanwoodHoney26", "ApiaryHive2026!", "honeybee-apiary", "Stanwood-Lake-Glamping", "BuzzBuzzHive88"]) {
      expect(await weakPasswordReason(password), password).toBe("This password leans on words of this site or your e-mail address. Use a longer passphrase or a mix of unrelated words.");
    }
    expect(await weakPasswordReason("Thornbury-Maya-1990", ["maya.thornbury@example.com"])).not.toBeNull();
    // A site word beside a strong passphrase is fine: what is left stands on its own.
    expect(await weakPasswordReason("hive-Orchard-Lantern-Thistle")).toBeNull();
  });
});
