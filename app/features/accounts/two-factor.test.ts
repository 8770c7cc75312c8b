import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRM_IT_IS_YOU_FIRST, FRESH_PROOF_FIELD, FRESH_PROOF_MS, markProven } from "./fresh-proof.server";
import { profiles, securityAuditLog, sessions, verifications } from "~/platform/db/schema";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { cookieOf, createTestPlatform, testMeta } from "../../../tests/setup/platform";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import { insertSession, insertUser } from "../../../tests/factories/accounts";
import { limits } from "./limits";
import { CURRENT_CODE_MESSAGE } from "./admin.schema";
import { TOTP_NOT_CONFIGURED_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE } from "./messages";
import { hashBackupCode, openSecret, sealSecret } from "./secret-box.server";
import { completeSecondFactor } from "./second-factor.server";
import { resolveAuthState, SECOND_FACTOR_WINDOW_MS } from "./session.server";
import { signInWithPassword } from "./sign-in.server";
import { matchTotpStep, totpCodeAt, totpStep } from "./totp";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  findTwoFactorSetup,
  regenerateBackupCodes,
  spendSecondFactorCode,
  startTwoFactorSetup,
} from "./two-factor.server";

const STEP = 30_000;

describe("TOTP", () => {
  const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
  const now = Date.UTC(2025, 0, 1, 12, 0, 10);

  it("accepts the current step's code only: window 0", () => {
    expect(matchTotpStep(secret, totpCodeAt(secret, now), now)).toBe(totpStep(now));
    expect(matchTotpStep(secret, totpCodeAt(secret, now - STEP), now)).toBeNull();
    expect(matchTotpStep(secret, totpCodeAt(secret, now + STEP), now)).toBeNull();
  });

  it("refuses anything but six digits", () => {
    const code = totpCodeAt(secret, now);
    expect(matchTotpStep(secret, `${code}0`, now)).toBeNull();
    expect(matchTotpStep(secret, code.slice(1), now)).toBeNull();
    expect(matchTotpStep(secret, "abcdef", now)).toBeNull();
  });
});

describe("secret box", () => {
  const key = "a-secret-that-is-at-least-thirty-two-characters-long";

  it("seals with a version prefix, opens only with the same key and context, and notices tampering", () => {
    const sealed = sealSecret("JBSWY3DPEHPK3PXP", key, "user-1");
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(sealSecret("JBSWY3DPEHPK3PXP", key, "user-1")).not.toBe(sealed);
    expect(openSecret(sealed, key, "user-1")).toBe("JBSWY3DPEHPK3PXP");
    expect(openSecret(sealed, key, "user-2")).toBeNull();
    expect(openSecret(sealed, `${key}x`, "user-1")).toBeNull();
    const [v, iv, body, tag] = sealed.split(".");
    const flipped = `${body![0] === "A" ? "B" : "A"}${body!.slice(1)}`;
    expect(openSecret([v, iv, flipped, tag].join("."), key, "user-1")).toBeNull();
    expect(openSecret("not sealed", key, "user-1")).toBeNull();
  });
});

describe.each(testEngines())("two-factor authentication on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: ReturnType<typeof createTestPlatform>;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const profileOf = async (userId: string) => (await t.db.select().from(profiles).where(eq(profiles.id, userId)))[0]!;
  const auditTypes = async (userId: string) =>
    (await t.db.select({ type: securityAuditLog.eventType }).from(securityAuditLog).where(eq(securityAuditLog.userId, userId))).map((r) => r.type);

  /** Who a browser sending back these Set-Cookie headers is taken for. */
  const stateOf = async (headers: Headers) => (await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieOf(headers) } }))).state;

  /** The session reference of a sign-in made just now on the platform's clock. */
  const freshSession = (userId: string, id: string) => ({ id, token: "", userId, createdAt: new Date(platform.clock.now()) });

  it("turning 2FA on asks for a fresh proof when the sign-in is over five minutes old", async () => {
    const admin = await insertUser(t.db);
    const { id } = await insertSession(t.db, admin.userId, { createdAt: new Date(platform.clock.now() - FRESH_PROOF_MS - 1_000) });
    const stale = { id, token: "", userId: admin.userId, createdAt: new Date(platform.clock.now() - FRESH_PROOF_MS - 1_000) };
    expect(await startTwoFactorSetup(platform, { ...admin, session: stale })).toMatchObject({ ok: false, status: 401, fieldErrors: { [FRESH_PROOF_FIELD]: [CONFIRM_IT_IS_YOU_FIRST] } });
    expect(await findTwoFactorSetup(platform, admin)).toBeNull();
    expect(await startTwoFactorSetup(platform, { ...admin, session: freshSession(admin.userId, id) })).toMatchObject({ ok: true });
  });

  /** An administrator with 2FA switched on through the real set-up flow. */
  async function enrolledAdmin(options: { password?: string } = {}) {
    const admin = await insertUser(t.db, options);
    const session = await insertSession(t.db, admin.userId);
    const started = await startTwoFactorSetup(platform, { ...admin, session: freshSession(admin.userId, session.id) });
    if (!started.ok) throw new Error(started.message);
    const secret = started.value.secret;
    const confirmed = await confirmTwoFactorSetup(platform, { ...admin, sessionId: session.id }, { code: totpCodeAt(secret, platform.clock.now()) }, testMeta());
    if (!confirmed.ok) throw new Error(confirmed.message);
    return { admin, session, secret, backupCodes: confirmed.value.backupCodes };
  }

  it("set-up keeps the secret server-side until a valid code turns 2FA on, then shows ten backup codes once", async () => {
    const admin = await insertUser(t.db);
    const session = await insertSession(t.db, admin.userId);
    const started = await startTwoFactorSetup(platform, { ...admin, session: freshSession(admin.userId, session.id) });
    if (!started.ok) throw new Error(started.message);
    const setup = started.value;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain("otpauth://totp/Apiary:");
    expect(setup.uri).toContain("algorithm=SHA1&digits=6&period=30");
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // A reload shows the same secret; it is stored sealed.
    expect((await findTwoFactorSetup(platform, admin))?.secret).toBe(setup.secret);
    const [pending] = await t.db.select().from(verifications).where(eq(verifications.identifier, `apiary:2fa-setup:${admin.userId}`));
    expect(pending!.value).not.toContain(setup.secret);

    const malformed = await confirmTwoFactorSetup(platform, { ...admin, sessionId: session.id }, { code: "12" }, testMeta());
    expect(malformed).toEqual({ ok: false, status: 400, title: "Verification Failed", message: "Invalid verification code", fieldErrors: { code: ["Invalid verification code"] } });
    const wrong = await confirmTwoFactorSetup(platform, { ...admin, sessionId: session.id }, { code: "000000" }, testMeta());
    expect(wrong).toEqual({ ok: false, status: 400, title: "Verification Failed", message: "Invalid verification code", fieldErrors: { code: ["Invalid verification code"] } });
    expect((await profileOf(admin.userId)).is2faEnabled).toBe(false);

    const confirmed = await confirmTwoFactorSetup(platform, { ...admin, sessionId: session.id }, { code: totpCodeAt(setup.secret, platform.clock.now()) }, testMeta());
    if (!confirmed.ok) throw new Error(confirmed.message);
    expect(confirmed.toast).toMatchObject({ title: "Two-factor authentication is on", variant: "success" });
    const { backupCodes } = confirmed.value;
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[a-z0-9]{8}$/);
    // Started again once it is on: refused.
    expect(await startTwoFactorSetup(platform, { ...admin, session: freshSession(admin.userId, session.id) })).toMatchObject({ ok: false, status: 409, message: "Two-factor authentication is already on." });

    const profile = await profileOf(admin.userId);
    expect(profile.is2faEnabled).toBe(true);
    expect(profile.totpLastStep).toBe(totpStep(platform.clock.now()));
    // Neither the secret nor any backup code is in the row as such.
    const row = JSON.stringify(profile);
    expect(row).not.toContain(setup.secret);
    for (const code of backupCodes) expect(row).not.toContain(code);
    expect(profile.totpSecret).toMatch(/^v1\./);
    expect(openSecret(profile.totpSecret!, platform.authSecret, admin.userId)).toBe(setup.secret);
    expect(profile.backupCodes).toEqual(backupCodes.map((c) => hashBackupCode(c, platform.authSecret, admin.userId)));
    for (const hash of profile.backupCodes) expect(hash).toMatch(/^[0-9a-f]{64}$/);

    // The session that set it up stays fully signed in; the set-up row is gone.
    const [own] = await t.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(own!.secondFactorAt).toBeInstanceOf(Date);
    expect(await findTwoFactorSetup(platform, admin)).toBeNull();
    expect(await auditTypes(admin.userId)).toEqual(expect.arrayContaining(["2fa_failed", "2fa_enabled"]));
  });

  it("accepts a TOTP code once: the set-up code, a replay and the previous step are refused", async () => {
    const { admin, secret } = await enrolledAdmin();
    const now = platform.clock.now();
    // The code that turned 2FA on cannot also sign in.
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "totp", code: totpCodeAt(secret, now) }, testMeta(), now)).toBe("invalid");
    const next = now + STEP;
    const code = totpCodeAt(secret, next);
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "totp", code }, testMeta(), next)).toBe("accepted");
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "totp", code }, testMeta(), next)).toBe("invalid");
    // Window 0: a moment later, last step's code is dead; so is a wrong one.
    const later = next + 2 * STEP;
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "totp", code: totpCodeAt(secret, later - STEP) }, testMeta(), later)).toBe("invalid");
    const wrong = String((Number(totpCodeAt(secret, later)) + 1) % 1_000_000).padStart(6, "0");
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "totp", code: wrong }, testMeta(), later)).toBe("invalid");
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "totp", code: totpCodeAt(secret, later) }, testMeta(), later)).toBe("accepted");
  });

  it("lets only one of two simultaneous requests spend the same code", async () => {
    const { admin, secret, backupCodes } = await enrolledAdmin();
    const next = platform.clock.now() + STEP;
    const code = totpCodeAt(secret, next);
    const totp = await Promise.all([1, 2, 3].map(() => spendSecondFactorCode(platform, admin.userId, { method: "totp", code }, testMeta(), next)));
    expect(totp.filter((r) => r === "accepted")).toHaveLength(1);
    const backup = await Promise.all([1, 2, 3].map(() => spendSecondFactorCode(platform, admin.userId, { method: "backup", code: backupCodes[0]! }, testMeta())));
    expect(backup.filter((r) => r === "accepted")).toHaveLength(1);
  });

  it("spends a backup code once, stored only as a hash, and records its use", async () => {
    const { admin, backupCodes } = await enrolledAdmin();
    const code = backupCodes[3]!;
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "backup", code }, testMeta())).toBe("accepted");
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "backup", code }, testMeta())).toBe("invalid");
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "backup", code: "zzzzzzzz" }, testMeta())).toBe("invalid");
    const profile = await profileOf(admin.userId);
    expect(profile.backupCodes).toHaveLength(9);
    expect(profile.backupCodes).not.toContain(hashBackupCode(code, platform.authSecret, admin.userId));
    const [used] = await t.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.userId, admin.userId), eq(securityAuditLog.eventType, "2fa_backup_code_used")));
    expect(used!.eventDetails).toEqual({ backupCodesLeft: 9 });
    // Another account's codes are worth nothing here.
    const other = await enrolledAdmin();
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "backup", code: other.backupCodes[0]! }, testMeta())).toBe("invalid");
  });

  it("says TOTP is not configured for an account whose 2FA flag is on without a secret", async () => {
    const admin = await insertUser(t.db);
    await t.db.update(profiles).set({ is2faEnabled: true }).where(eq(profiles.id, admin.userId));
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "totp", code: "123456" }, testMeta())).toBe("not-configured");
    const session = await insertSession(t.db, admin.userId);
    const pending = { userId: admin.userId, email: admin.email, sessionId: session.id, createdAt: session.createdAt };
    const outcome = await completeSecondFactor(platform, pending, { method: "totp", code: "123456" }, "password", testMeta("198.51.100.20"));
    expect(outcome).toMatchObject({ ok: false, title: "Verification Failed", message: TOTP_NOT_CONFIGURED_MESSAGE, fieldErrors: { code: [TOTP_NOT_CONFIGURED_MESSAGE] } });
  });

  it("turns 2FA off only with a current code, clearing secret and codes and ending sessions still at the code step", async () => {
    const { admin, session, secret, backupCodes } = await enrolledAdmin();
    const waiting = await insertSession(t.db, admin.userId);
    const elsewhere = await insertSession(t.db, admin.userId, { secondFactorAt: new Date() });
    const account = { ...admin, sessionId: session.id, session: { ...session, token: "", userId: admin.userId } };

    const malformed = await disableTwoFactor(platform, account, { code: "12345" }, testMeta());
    expect(malformed).toMatchObject({ ok: false, status: 400, title: "Verification Failed", fieldErrors: { code: [CURRENT_CODE_MESSAGE] } });
    const refused = await disableTwoFactor(platform, account, { code: "aaaaaaaa" }, testMeta());
    expect(refused).toEqual({ ok: false, status: 400, title: "Verification Failed", message: "Invalid backup code", fieldErrors: { code: ["Invalid backup code"] } });
    expect((await profileOf(admin.userId)).is2faEnabled).toBe(true);

    const required = await disableTwoFactor(createTestPlatform(t, { REQUIRE_ADMIN_2FA: "true" }), account, { code: backupCodes[0]! }, testMeta());
    expect(required).toMatchObject({ ok: false, status: 403, message: TWO_FACTOR_REQUIRED_MESSAGE, fieldErrors: { code: [TWO_FACTOR_REQUIRED_MESSAGE] } });

    expect(await disableTwoFactor(platform, account, { code: backupCodes[0]! }, testMeta())).toMatchObject({
      ok: true,
      value: null,
      toast: { title: "Two-factor authentication is off", variant: "success" },
    });
    const profile = await profileOf(admin.userId);
    expect(profile).toMatchObject({ is2faEnabled: false, totpSecret: null, totpLastStep: null, backupCodes: [] });
    const left = (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, admin.userId))).map((s) => s.id);
    expect(left.sort()).toEqual([session.id, elsewhere.id].sort());
    expect(left).not.toContain(waiting.id);
    // The old secret's codes are worth nothing now.
    const next = platform.clock.now() + STEP;
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "totp", code: totpCodeAt(secret, next) }, testMeta(), next)).toBe("not-configured");
    expect(await auditTypes(admin.userId)).toContain("2fa_disabled");
  });

  it("turning 2FA off asks for a fresh proof when the last one is over five minutes old, before the code is even looked at", async () => {
    const { admin, session, backupCodes } = await enrolledAdmin();
    const longAgo = new Date(platform.clock.now() - FRESH_PROOF_MS - 1_000);
    await t.db.update(sessions).set({ createdAt: longAgo, secondFactorAt: longAgo, provenAt: null }).where(eq(sessions.id, session.id));
    const account = { ...admin, sessionId: session.id, session: { id: session.id, token: "", userId: admin.userId, createdAt: longAgo } };
    expect(await disableTwoFactor(platform, account, { code: backupCodes[0]! }, testMeta())).toMatchObject({ ok: false, status: 401, fieldErrors: { [FRESH_PROOF_FIELD]: [CONFIRM_IT_IS_YOU_FIRST] } });
    expect((await profileOf(admin.userId)).is2faEnabled).toBe(true);
    expect(await auditTypes(admin.userId)).not.toContain("2fa_disabled");

    // "Confirm it's you" done in this session: the same form, the same (unspent) backup code, goes through.
    await markProven(platform, session.id);
    expect(await disableTwoFactor(platform, account, { code: backupCodes[0]! }, testMeta())).toMatchObject({ ok: true, toast: { title: "Two-factor authentication is off" } });
    expect((await profileOf(admin.userId)).is2faEnabled).toBe(false);
  });

  it("replaces all backup codes after a current code", async () => {
    const { admin, backupCodes } = await enrolledAdmin();
    const renewed = await regenerateBackupCodes(platform, admin, { code: backupCodes[0]! }, testMeta());
    if (!renewed.ok) throw new Error(renewed.message);
    expect(renewed.toast).toMatchObject({ title: "New backup codes", variant: "success" });
    expect(renewed.value.backupCodes).toHaveLength(10);
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "backup", code: backupCodes[1]! }, testMeta())).toBe("invalid");
    expect(await spendSecondFactorCode(platform, admin.userId, { method: "backup", code: renewed.value.backupCodes[0]! }, testMeta())).toBe("accepted");
  });

  describe("the code step of the admin login", () => {
    const pendingOf = (admin: { userId: string; email: string }, session: { id: string; createdAt: Date }) => ({
      userId: admin.userId,
      email: admin.email,
      sessionId: session.id,
      createdAt: session.createdAt,
    });

    it("replaces the waiting session with a new token, the old one ended, and records 2fa_verified and login_success with the method", async () => {
      const password = "quiet-hive-meadow-42";
      const { admin, secret } = await enrolledAdmin({ password });
      const signedIn = await signInWithPassword(platform, "admin", { email: admin.email, password }, testMeta("198.51.100.1"));
      if (!signedIn.ok) throw new Error(signedIn.message);
      const waiting = await stateOf(signedIn.value.headers);
      expect(waiting).toMatchObject({ actor: { kind: "anonymous" }, pendingSecondFactor: { userId: admin.userId } });
      // The set-up spent this step's code: the next step's code signs in.
      platform.clock.advance(STEP);
      const outcome = await completeSecondFactor(platform, waiting.pendingSecondFactor, { method: "totp", code: totpCodeAt(secret, platform.clock.now()) }, "password", testMeta("198.51.100.1"));
      if (!outcome.ok) throw new Error(outcome.message);
      expect((await stateOf(outcome.value.headers)).actor).toMatchObject({ kind: "staff", userId: admin.userId });
      // The token from before the code no longer works, not even as a waiting session.
      expect(await stateOf(signedIn.value.headers)).toEqual({ actor: { kind: "anonymous" } });
      expect(await t.db.select().from(sessions).where(eq(sessions.id, waiting.pendingSecondFactor!.sessionId))).toEqual([]);
      const events = await t.db
        .select({ type: securityAuditLog.eventType, details: securityAuditLog.eventDetails })
        .from(securityAuditLog)
        .where(eq(securityAuditLog.userId, admin.userId));
      expect(events).toEqual(
        expect.arrayContaining([
          { type: "2fa_verified", details: { method: "totp" } },
          { type: "login_success", details: { method: "password_2fa", portal: "admin" } },
        ]),
      );
    });

    it("a backup code works once; Google sign-ins are recorded as google_2fa", async () => {
      const { admin, backupCodes } = await enrolledAdmin();
      const first = await insertSession(t.db, admin.userId);
      const input = { method: "backup" as const, code: backupCodes[0]! };
      expect(await completeSecondFactor(platform, pendingOf(admin, first), input, "google", testMeta("198.51.100.2"))).toMatchObject({ ok: true });
      const second = await insertSession(t.db, admin.userId);
      const again = await completeSecondFactor(platform, pendingOf(admin, second), input, "password", testMeta("198.51.100.2"));
      expect(again).toMatchObject({ ok: false, status: 401, title: "Verification Failed", message: "Invalid backup code", fieldErrors: { code: ["Invalid backup code"] } });
      const [login] = await t.db
        .select({ details: securityAuditLog.eventDetails })
        .from(securityAuditLog)
        .where(and(eq(securityAuditLog.userId, admin.userId), eq(securityAuditLog.eventType, "login_success")));
      expect(login!.details).toEqual({ method: "google_2fa", portal: "admin" });
    });

    it("ends a pending session older than ten minutes", async () => {
      const { admin, backupCodes } = await enrolledAdmin();
      const stale = await insertSession(t.db, admin.userId, { createdAt: new Date(platform.clock.now() - SECOND_FACTOR_WINDOW_MS - 1_000) });
      const outcome = await completeSecondFactor(platform, pendingOf(admin, stale), { method: "backup", code: backupCodes[0]! }, "password", testMeta("198.51.100.3"));
      // The session ended: the refusal names no field (the person is back at the password form).
      expect(outcome).toEqual({ ok: false, status: 401, title: "Verification Failed", message: "Session expired. Please log in again.", fieldErrors: undefined });
      expect(await t.db.select().from(sessions).where(eq(sessions.id, stale.id))).toEqual([]);
      // The code was not spent.
      expect((await profileOf(admin.userId)).backupCodes).toHaveLength(10);
    });

    it("checks the form itself, and answers a post without a waiting session as an ended one", async () => {
      const { admin } = await enrolledAdmin();
      const session = await insertSession(t.db, admin.userId);
      const malformed = await completeSecondFactor(platform, pendingOf(admin, session), { method: "totp", code: "12345" }, "password", testMeta("198.51.100.5"));
      expect(malformed).toEqual({ ok: false, status: 400, title: "Verification Failed", message: "Invalid verification code", fieldErrors: { code: ["Invalid verification code"] } });
      const gone = await completeSecondFactor(platform, undefined, { method: "totp", code: "123456" }, "password", testMeta("198.51.100.5"));
      expect(gone).toEqual({ ok: false, status: 401, title: "Verification Failed", message: "Session expired. Please log in again.", fieldErrors: undefined });
    });

    it("refuses a non-administrator even with a right code", async () => {
      const customer = await insertUser(t.db, { role: "customer" });
      await t.db.update(profiles).set({ is2faEnabled: true }).where(eq(profiles.id, customer.userId));
      const session = await insertSession(t.db, customer.userId);
      const outcome = await completeSecondFactor(platform, pendingOf(customer, session), { method: "totp", code: "123456" }, "google", testMeta("198.51.100.4"));
      expect(outcome).toEqual({ ok: false, status: 403, title: "Access Denied", message: "You don't have admin privileges.", fieldErrors: undefined });
      expect(await t.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
    });

    it("locks the account after five wrong codes, even with the right one", async () => {
      const { admin, backupCodes } = await enrolledAdmin();
      const session = await insertSession(t.db, admin.userId);
      const pending = pendingOf(admin, session);
      for (let i = 0; i < 5; i++) {
        const wrong = await completeSecondFactor(platform, pending, { method: "backup", code: `wrong00${i}` }, "password", testMeta(`198.51.100.${10 + i}`));
        expect(wrong).toMatchObject({ ok: false, message: "Invalid backup code", fieldErrors: { code: ["Invalid backup code"] } });
      }
      const locked = await completeSecondFactor(platform, pending, { method: "backup", code: backupCodes[0]! }, "password", testMeta("198.51.100.30"));
      expect(locked).toMatchObject({ ok: false, status: 429, message: expect.stringMatching(/^Too many attempts/) });
      expect(await auditTypes(admin.userId)).toEqual(expect.arrayContaining(["2fa_failed"]));
    });

    it("limits attempts per address, whatever the account", async () => {
      const { admin, backupCodes } = await enrolledAdmin();
      const session = await insertSession(t.db, admin.userId);
      for (let i = 0; i < limits.secondFactorByAddress.limit; i++) await hitRateLimit(t.db, limits.secondFactorByAddress, "198.51.100.99");
      const outcome = await completeSecondFactor(platform, pendingOf(admin, session), { method: "backup", code: backupCodes[0]! }, "password", testMeta("198.51.100.99"));
      expect(outcome).toMatchObject({ ok: false, status: 429 });
      expect((await profileOf(admin.userId)).backupCodes).toHaveLength(10);
    });
  });
});
