import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, profiles, securityAuditLog, sessions } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { createTestPlatform, testMeta } from "../../../tests/setup/platform";
import { insertCustomer, insertSession, insertUser } from "../../../tests/factories/accounts";
import type { TestClock } from "../../../tests/setup/test-clock";
import { CONFIRM_IT_IS_YOU_FIRST, FRESH_PROOF_MS, needsFreshProof } from "./fresh-proof.server";
import { changeOwnPassword } from "./password-change.server";
import { verifyPassword } from "~/platform/security/password-hash.server";

const INITIAL = "Meadow-Clover-Orchard-42";
const NEXT = "Lantern-Thistle-Harbor-77";

describe.each(testEngines())("an administrator's own password on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const passwordOf = async (userId: string) =>
    (await t.db.select({ password: accounts.password }).from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"))))[0]!.password!;

  it("the first-login change replaces the password, clears first_login and ends every other session", async () => {
    const admin = await insertUser(t.db, { password: INITIAL, firstLogin: true });
    const current = await insertSession(t.db, admin.userId);
    const other = await insertSession(t.db, admin.userId);
    const outcome = await changeOwnPassword({ platform, admin, sessionId: current.id, values: { newPassword: NEXT, confirmPassword: NEXT }, meta: testMeta() });
    expect(outcome).toEqual({ ok: true, value: { redirectTo: "/admin" } });
    expect(await verifyPassword({ hash: await passwordOf(admin.userId), password: NEXT })).toBe(true);
    expect((await t.db.select().from(profiles).where(eq(profiles.id, admin.userId)))[0]!.firstLogin).toBe(false);
    const left = (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, admin.userId))).map((s) => s.id);
    expect(left).toEqual([current.id]);
    expect(left).not.toContain(other.id);
    const [audit] = await t.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.userId, admin.userId), eq(securityAuditLog.eventType, "password_changed")));
    expect(audit!.eventDetails).toMatchObject({ firstLogin: true });
  });

  it("refuses weak passwords, beyond the spec's six characters", async () => {
    const admin = await insertUser(t.db, { password: INITIAL, firstLogin: true });
    const session = await insertSession(t.db, admin.userId);
    for (const weak of ["password1", "qwerty123", "abcdef", admin.email]) {
      const outcome = await changeOwnPassword({ platform, admin, sessionId: session.id, values: { newPassword: weak, confirmPassword: weak }, meta: testMeta() });
      expect(outcome).toMatchObject({
        ok: false,
        status: 400,
        title: "Password Change Failed",
        message: expect.stringMatching(/too common or easy to guess/),
        fieldErrors: { newPassword: [expect.stringMatching(/too common or easy to guess/)] },
      });
    }
    expect(await verifyPassword({ hash: await passwordOf(admin.userId), password: INITIAL })).toBe(true);
    expect((await t.db.select().from(profiles).where(eq(profiles.id, admin.userId)))[0]!.firstLogin).toBe(true);
  });

  it("refuses keeping the initial password", async () => {
    const admin = await insertUser(t.db, { password: INITIAL, firstLogin: true });
    const session = await insertSession(t.db, admin.userId);
    const outcome = await changeOwnPassword({ platform, admin, sessionId: session.id, values: { newPassword: INITIAL, confirmPassword: INITIAL }, meta: testMeta() });
    expect(outcome).toMatchObject({ ok: false, fieldErrors: { newPassword: ["Choose a new password, not the one you have now."] } });
    expect((await t.db.select().from(profiles).where(eq(profiles.id, admin.userId)))[0]!.firstLogin).toBe(true);
  });

  it("asks for the current password outside the first login", async () => {
    const admin = await insertUser(t.db, { password: INITIAL });
    const session = await insertSession(t.db, admin.userId);
    const wrong = await changeOwnPassword({ platform, admin, sessionId: session.id, values: { currentPassword: "not-it-at-all", newPassword: NEXT, confirmPassword: NEXT }, meta: testMeta() });
    expect(wrong).toMatchObject({ ok: false, title: "Password Change Failed", message: "Current password is incorrect", fieldErrors: { currentPassword: ["Current password is incorrect"] } });
    const right = await changeOwnPassword({ platform, admin, sessionId: session.id, values: { currentPassword: INITIAL, newPassword: NEXT, confirmPassword: NEXT }, meta: testMeta() });
    expect(right).toMatchObject({ ok: true });
    expect(await verifyPassword({ hash: await passwordOf(admin.userId), password: NEXT })).toBe(true);
  });

  it("checks the form with the spec's messages, the match first", async () => {
    const admin = await insertUser(t.db, { password: INITIAL, firstLogin: true });
    const session = await insertSession(t.db, admin.userId);
    const mismatch = await changeOwnPassword({ platform, admin, sessionId: session.id, values: { newPassword: "abc", confirmPassword: "abd" }, meta: testMeta() });
    expect(mismatch).toMatchObject({ ok: false, status: 400, title: "Validation Error", message: "Passwords do not match" });
    const short = await changeOwnPassword({ platform, admin, sessionId: session.id, values: { newPassword: "abc", confirmPassword: "abc" }, meta: testMeta() });
    expect(short).toMatchObject({ ok: false, message: "Password must be at least 6 characters long", fieldErrors: { newPassword: ["Password must be at least 6 characters long"] } });
    const done = await changeOwnPassword({ platform, admin, sessionId: session.id, values: { newPassword: NEXT, confirmPassword: NEXT, redirectTo: "/admin/locations" }, meta: testMeta() });
    expect(done).toEqual({ ok: true, value: { redirectTo: "/admin/locations" } });
    // Only back-office paths are followed.
    const admin2 = await insertUser(t.db, { password: INITIAL, firstLogin: true });
    const session2 = await insertSession(t.db, admin2.userId);
    const elsewhere = await changeOwnPassword({ platform, admin: admin2, sessionId: session2.id, values: { newPassword: NEXT, confirmPassword: NEXT, redirectTo: "https://evil.example/admin" }, meta: testMeta() });
    expect(elsewhere).toEqual({ ok: true, value: { redirectTo: "/admin" } });
  });
});

describe.each(testEngines())("a sponsor's own password (Sign-in & security) on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform & { clock: TestClock };
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const person = (c: { userId: string; email: string }) => ({ userId: c.userId, email: c.email, firstLogin: false });
  const sessionOf = async (userId: string, createdAt = new Date(platform.clock.now())) => {
    const row = await insertSession(t.db, userId, { createdAt });
    return { id: row.id, token: "", userId, createdAt: row.createdAt };
  };

  it("an account without a password sets one only after a fresh proof: no current password asked", async () => {
    const customer = await insertCustomer(t.db);
    const stale = await sessionOf(customer.userId, new Date(platform.clock.now() - FRESH_PROOF_MS - 60_000));
    const form = { newPassword: NEXT, confirmPassword: NEXT };
    expect(await changeOwnPassword({ platform, admin: person(customer), sessionId: stale.id, session: stale, values: form, meta: testMeta() })).toMatchObject({ ok: false, status: 401, fieldErrors: { freshProof: [CONFIRM_IT_IS_YOU_FIRST] } });
    expect(await changeOwnPassword({ platform, admin: person(customer), sessionId: stale.id, values: form, meta: testMeta() })).toMatchObject({ ok: false, status: 401 });

    const fresh = await sessionOf(customer.userId);
    await sessionOf(customer.userId); // another device
    expect(await changeOwnPassword({ platform, admin: person(customer), sessionId: fresh.id, session: fresh, values: form, meta: testMeta() })).toMatchObject({ ok: true });
    const [row] = await t.db.select({ password: accounts.password }).from(accounts).where(and(eq(accounts.userId, customer.userId), eq(accounts.providerId, "credential")));
    expect(await verifyPassword({ hash: row!.password!, password: NEXT })).toBe(true);
    // Every other session ends (a new password is for locking someone out); this one stays.
    expect((await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, customer.userId))).map((s) => s.id)).toEqual([fresh.id]);
  });

  it("a change needs the current password, which is itself a fresh proof; the site's words, the e-mail and common passwords are refused; the minimum is the spec's 6", async () => {
    const customer = await insertCustomer(t.db, { email: "marigold.keeper@example.com" });
    const first = await sessionOf(customer.userId);
    await changeOwnPassword({ platform, admin: person(customer), sessionId: first.id, session: first, values: { newPassword: INITIAL, confirmPassword: INITIAL }, meta: testMeta() });
    platform.clock.advance(FRESH_PROOF_MS + 1_000);
    const session = await sessionOf(customer.userId, new Date(platform.clock.now() - FRESH_PROOF_MS - 60_000));

    expect(await changeOwnPassword({ platform, admin: person(customer), sessionId: session.id, session: session, values: { newPassword: NEXT, confirmPassword: NEXT }, meta: testMeta() })).toMatchObject({ ok: false, fieldErrors: { currentPassword: ["Current password is required"] } });
    expect(await changeOwnPassword({ platform, admin: person(customer), sessionId: session.id, session: session, values: { currentPassword: "not-it-at-all", newPassword: NEXT, confirmPassword: NEXT }, meta: testMeta() })).toMatchObject({ ok: false, fieldErrors: { currentPassword: ["Current password is incorrect"] } });
    expect(await changeOwnPassword({ platform, admin: person(customer), sessionId: session.id, session: session, values: { currentPassword: INITIAL, newPassword: "abc12", confirmPassword: "abc12" }, meta: testMeta() })).toMatchObject({ ok: false, fieldErrors: { newPassword: ["Password must be at least 6 characters long"] } });
    for (const weak of ["StanwoodHoney2026", "marigold.keeper1", "password123"]) {
      expect(await changeOwnPassword({ platform, admin: person(customer), sessionId: session.id, session: session, values: { currentPassword: INITIAL, newPassword: weak, confirmPassword: weak }, meta: testMeta() })).toMatchObject({ ok: false, fieldErrors: { newPassword: [expect.any(String)] } });
    }
    expect(await needsFreshProof(platform, session)).toBe(false);
    expect(await changeOwnPassword({ platform, admin: person(customer), sessionId: session.id, session: session, values: { currentPassword: INITIAL, newPassword: NEXT, confirmPassword: NEXT }, meta: testMeta() })).toMatchObject({ ok: true });
  });
});
