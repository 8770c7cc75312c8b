import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, outboxMessages, securityAuditLog, sessions, userRoles, users, verifications } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { cookieOf, createTestPlatform, testMeta } from "../../../tests/setup/platform";
import { limits } from "./limits";
import { looksLikeResetToken, resetIssueTitle, resetIssueToast, ResetPasswordSchema } from "./recovery.schema";
import { findResetToken, openResetLink, requestPasswordRecovery, resetPasswordWithToken } from "./recovery.server";
import { resolveAuthState } from "./session.server";
import { signInWithPassword } from "./sign-in.server";
import { signUpCustomer } from "./sign-up.server";


describe("the reset form's rules", () => {
  it("names each problem with the spec's toast title", () => {
    const firstIssue = (values: Record<string, string>) => ResetPasswordSchema.safeParse(values).error?.issues[0]?.message;
    expect(firstIssue({ password: "short", confirmPassword: "short" })).toBe("Password must be at least 8 characters long.");
    expect(resetIssueToast({ message: "Password must be at least 8 characters long." })).toEqual({
      title: "Password Too Short",
      description: "Password must be at least 8 characters long.",
    });
    expect(resetIssueTitle(firstIssue({ password: "long-enough-1", confirmPassword: "long-enough-2" })!)).toBe("Passwords Don't Match");
    expect(resetIssueTitle(firstIssue({ password: "x".repeat(129), confirmPassword: "x".repeat(129) })!)).toBe("Password Too Long");
    expect(firstIssue({ password: "long-enough-1", confirmPassword: "long-enough-1" })).toBeUndefined();
  });

  it.each([
    ["AbCdEfGhIjKlMnOpQrStUvWx", true],
    ["", false],
    [null, false],
    ["short", false],
    ["has spaces in it, not a token", false],
    ["AbCdEfGhIjKl<script>x", false],
  ])("%j looks like a reset token: %s", (token, expected) => {
    expect(looksLikeResetToken(token)).toBe(expected);
  });
});

describe.each(testEngines())("password recovery on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
    for (const email of ["rosa@example.com", "keeper@example.com", "weak@example.com"]) {
      const created = await signUpCustomer(platform, { email, password: "first-password-1", companyName: undefined, phoneNumber: undefined }, testMeta("198.51.100.200"));
      if (!created.ok) throw new Error(`could not create ${email}`);
    }
  });
  afterAll(() => t?.dispose());

  const resetMails = (to: string) =>
    t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, to), eq(outboxMessages.template, "password-reset")))
      .orderBy(desc(outboxMessages.id));

  /** The link of the newest mail to `to`, or of an older one (`age` 1 = the one before). */
  async function latestToken(to: string, age = 0) {
    const mail = (await resetMails(to))[age];
    const url = /http:\/\/127\.0\.0\.1:3999\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
    if (!url) throw new Error(`no reset link mailed to ${to}`);
    return url[1]!;
  }

  it("answers the same for an existing and an unknown address, and mails only the existing one", async () => {
    const known = await requestPasswordRecovery(platform, { email: "rosa@example.com" }, testMeta("192.0.2.1"));
    const unknown = await requestPasswordRecovery(platform, { email: "nobody@example.com" }, testMeta("192.0.2.1"));
    // The same answer either way: the address that was asked for.
    expect(known).toEqual({ ok: true, value: { email: "rosa@example.com" } });
    expect(unknown).toEqual({ ok: true, value: { email: "nobody@example.com" } });
    expect(await resetMails("rosa@example.com")).toHaveLength(1);
    expect(await resetMails("nobody@example.com")).toHaveLength(0);

    const audit = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.eventType, "password_reset_requested"));
    const [rosa] = await t.db.select().from(users).where(eq(users.email, "rosa@example.com"));
    expect(audit.map((a) => [a.userId, a.eventDetails])).toEqual(
      expect.arrayContaining([
        [rosa!.id, { email: "rosa@example.com", outcome: "sent" }],
        [null, { email: "nobody@example.com", outcome: "no_account" }],
      ]),
    );
  });

  it("takes as long for an unknown address as for a real one", async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      await requestPasswordRecovery(platform, { email }, testMeta("192.0.2.2"));
      return performance.now() - started;
    };
    expect(await timed("nobody-else@example.com")).toBeGreaterThanOrEqual(490);
  });

  it("stores only a hash of the token, and the link opens the right account", async () => {
    const token = await latestToken("rosa@example.com");
    const rows = await t.db.select({ identifier: verifications.identifier }).from(verifications);
    expect(rows.some((r) => r.identifier.includes(token))).toBe(false);
    const [rosa] = await t.db.select().from(users).where(eq(users.email, "rosa@example.com"));
    expect(await findResetToken(platform, token)).toEqual({ userId: rosa!.id, email: "rosa@example.com" });
  });

  it("refuses a malformed token as Invalid Link and an unknown one as Invalid or Expired Link", async () => {
    const input = { password: "Clover-Meadow-Lantern-7", confirmPassword: "Clover-Meadow-Lantern-7" };
    const invalidLink = { ok: false, status: 404, title: "Invalid Link", message: expect.stringMatching(/^This password reset link is incomplete/) };
    const expiredLink = { ok: false, status: 404, title: "Invalid or Expired Link", message: expect.stringMatching(/has expired or has already been used/) };
    expect(await resetPasswordWithToken(platform, "not a token", input, testMeta())).toMatchObject(invalidLink);
    expect(await resetPasswordWithToken(platform, "AbCdEfGhIjKlMnOpQrStUvWx", input, testMeta())).toMatchObject(expiredLink);
    // The page checks the link when it opens, before anyone types a password.
    expect(await openResetLink(platform, null)).toMatchObject(invalidLink);
    expect(await openResetLink(platform, "AbCdEfGhIjKlMnOpQrStUvWx")).toMatchObject(expiredLink);
  });

  it("checks the form itself first, naming each problem with the spec's title", async () => {
    const mismatch = await resetPasswordWithToken(platform, "not a token", { password: "long-enough-1", confirmPassword: "long-enough-2" }, testMeta());
    expect(mismatch).toEqual({
      ok: false,
      status: 400,
      title: "Passwords Don't Match",
      message: "Please enter the same password in both fields.",
      fieldErrors: { confirmPassword: ["Please enter the same password in both fields."] },
    });
    // Blank fields count as not sent, as in the browser's own check.
    const blank = await resetPasswordWithToken(platform, "not a token", { password: "", confirmPassword: "" }, testMeta());
    expect(blank).toMatchObject({ ok: false, title: "Password Too Short", fieldErrors: { password: [expect.any(String)], confirmPassword: [expect.any(String)] } });
  });

  it("refuses common passwords and ones built from the e-mail address, keeping the link usable", async () => {
    await requestPasswordRecovery(platform, { email: "weak@example.com" }, testMeta("192.0.2.3"));
    const token = await latestToken("weak@example.com");
    for (const password of ["password123", "weak@example.com1", "qwertyuiop"]) {
      const result = await resetPasswordWithToken(platform, token, { password, confirmPassword: password }, testMeta());
      expect(result).toMatchObject({
        ok: false,
        status: 400,
        title: "Password Reset Failed",
        message: expect.stringMatching(/too common or easy to guess/),
        fieldErrors: { password: [expect.stringMatching(/too common or easy to guess/)] },
      });
    }
    expect(await findResetToken(platform, token)).not.toBeNull();
  });

  it("sets the password once, ends every session, verifies the address and sends customers to the customer login", async () => {
    const before = await signInWithPassword(platform, "customer", { email: "rosa@example.com", password: "first-password-1" }, testMeta());
    if (!before.ok) throw new Error("sign-in failed");
    const cookie = cookieOf(before.value.headers);
    const [rosa] = await t.db.select().from(users).where(eq(users.email, "rosa@example.com"));
    expect(rosa!.emailVerified).toBe(false);
    // Someone else's guesses have locked the account meanwhile.
    for (let i = 0; i < 5; i++) await hitRateLimit(t.db, limits.signInFailuresByAccount, "rosa@example.com");

    const token = await latestToken("rosa@example.com");
    const input = { password: "Clover-Meadow-Lantern-7", confirmPassword: "Clover-Meadow-Lantern-7" };
    expect(await resetPasswordWithToken(platform, token, input, testMeta())).toEqual({ ok: true, value: { loginPage: "/customer-auth" } });

    expect(await t.db.select().from(sessions).where(eq(sessions.userId, rosa!.id))).toEqual([]);
    const state = await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie } }));
    expect(state.state.actor.kind).toBe("anonymous");
    const [after] = await t.db.select().from(users).where(eq(users.id, rosa!.id));
    expect(after!.emailVerified).toBe(true);

    expect(await signInWithPassword(platform, "customer", { email: "rosa@example.com", password: "first-password-1" }, testMeta())).toMatchObject({ ok: false, status: 401 });
    expect(await signInWithPassword(platform, "customer", { email: "rosa@example.com", password: input.password }, testMeta())).toMatchObject({ ok: true });

    // Single use.
    expect(await resetPasswordWithToken(platform, token, input, testMeta())).toMatchObject({ ok: false, status: 404, title: "Invalid or Expired Link" });
    const audit = await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.eventType, "password_reset"), eq(securityAuditLog.userId, rosa!.id)));
    expect(audit).toHaveLength(1);
  });

  it("refuses an expired link and sends administrators to the admin login", async () => {
    const [keeper] = await t.db.select().from(users).where(eq(users.email, "keeper@example.com"));
    await t.db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, keeper!.id));
    await requestPasswordRecovery(platform, { email: "keeper@example.com" }, testMeta("192.0.2.4"));
    const token = await latestToken("keeper@example.com");
    const input = { password: "Orchard-Pollen-Harbor-9", confirmPassword: "Orchard-Pollen-Harbor-9" };

    await t.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await resetPasswordWithToken(platform, token, input, testMeta())).toMatchObject({ ok: false, status: 404, title: "Invalid or Expired Link" });

    await t.db.update(verifications).set({ expiresAt: new Date(Date.now() + 60_000) });
    expect(await resetPasswordWithToken(platform, token, input, testMeta())).toEqual({ ok: true, value: { loginPage: "/auth" } });
  });

  it("ends every outstanding link when the password changes, however it changed", async () => {
    const email = "two-links@example.com";
    await signUpCustomer(platform, { email, password: "first-password-1", companyName: undefined, phoneNumber: undefined }, testMeta("198.51.100.202"));
    await requestPasswordRecovery(platform, { email }, testMeta("192.0.2.21"));
    await requestPasswordRecovery(platform, { email }, testMeta("192.0.2.22"));
    const [older, newer] = [await latestToken(email, 1), await latestToken(email)];
    expect(older).not.toBe(newer);
    const input = { password: "Willow-Comb-Harbor-4", confirmPassword: "Willow-Comb-Harbor-4" };
    expect(await resetPasswordWithToken(platform, newer, input, testMeta())).toEqual({ ok: true, value: { loginPage: "/customer-auth" } });
    const again = { password: "Thistle-Drone-Valley-8", confirmPassword: "Thistle-Drone-Valley-8" };
    expect(await resetPasswordWithToken(platform, older, again, testMeta())).toMatchObject({ ok: false, status: 404, title: "Invalid or Expired Link" });

    // Changed some other way (here by hand, as an operator would): the link mailed before dies too.
    await requestPasswordRecovery(platform, { email }, testMeta("192.0.2.23"));
    const pending = await latestToken(email);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    await t.db.update(accounts).set({ password: "$scrypt$changed-elsewhere" }).where(eq(accounts.userId, user!.id));
    expect(await resetPasswordWithToken(platform, pending, again, testMeta())).toMatchObject({ ok: false, status: 404, title: "Invalid or Expired Link" });
  });

  it("mails one address at most 3 links an hour, silently, whichever client asks", async () => {
    const email = "flood@example.com";
    await signUpCustomer(platform, { email, password: "first-password-1", companyName: undefined, phoneNumber: undefined }, testMeta("198.51.100.201"));
    for (let i = 0; i < 5; i++) {
      expect(await requestPasswordRecovery(platform, { email }, testMeta(`203.0.113.${i + 1}`))).toEqual({ ok: true, value: { email } });
    }
    expect(await resetMails(email)).toHaveLength(3);
  });

  it("limits requests per client address, with a message", async () => {
    for (let i = 0; i < 10; i++) await hitRateLimit(t.db, limits.recoveryByAddress, "192.0.2.99");
    const result = await requestPasswordRecovery(platform, { email: "rosa@example.com" }, testMeta("192.0.2.99"));
    expect(result).toMatchObject({ ok: false, status: 429, title: "Too Many Requests", message: expect.stringMatching(/^Too many attempts/) });
    // Said atop the form, not under the field: the address was fine.
    expect(!result.ok && result.fieldErrors).toBeUndefined();
  });

  it("limits reset attempts per client address", async () => {
    for (let i = 0; i < 20; i++) await hitRateLimit(t.db, limits.resetByAddress, "192.0.2.98");
    const result = await resetPasswordWithToken(platform, "AbCdEfGhIjKlMnOpQrStUvWx", { password: "x".repeat(8), confirmPassword: "x".repeat(8) }, testMeta("192.0.2.98"));
    expect(result).toMatchObject({ ok: false, status: 429, title: "Password Reset Failed", message: expect.stringMatching(/^Too many attempts/) });
    expect(!result.ok && result.fieldErrors).toBeUndefined();
  });
});
