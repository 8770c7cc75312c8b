import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, profiles, securityAuditLog, sessions } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { createTestPlatform, testMeta } from "../../../tests/setup/platform";
import { insertSession, insertUser } from "../../../tests/factories/accounts";
import { changeOwnPassword, submitPasswordChange } from "./password-change.server";
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
    const outcome = await changeOwnPassword(platform, admin, current.id, { newPassword: NEXT }, testMeta());
    expect(outcome).toEqual({ ok: true });
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
      const outcome = await changeOwnPassword(platform, admin, session.id, { newPassword: weak }, testMeta());
      expect(outcome).toMatchObject({ ok: false, field: "newPassword", message: expect.stringMatching(/too common or easy to guess/) });
    }
    expect(await verifyPassword({ hash: await passwordOf(admin.userId), password: INITIAL })).toBe(true);
    expect((await t.db.select().from(profiles).where(eq(profiles.id, admin.userId)))[0]!.firstLogin).toBe(true);
  });

  it("refuses keeping the initial password", async () => {
    const admin = await insertUser(t.db, { password: INITIAL, firstLogin: true });
    const session = await insertSession(t.db, admin.userId);
    const outcome = await changeOwnPassword(platform, admin, session.id, { newPassword: INITIAL }, testMeta());
    expect(outcome).toMatchObject({ ok: false, field: "newPassword" });
    expect((await t.db.select().from(profiles).where(eq(profiles.id, admin.userId)))[0]!.firstLogin).toBe(true);
  });

  it("asks for the current password outside the first login", async () => {
    const admin = await insertUser(t.db, { password: INITIAL });
    const session = await insertSession(t.db, admin.userId);
    const wrong = await changeOwnPassword(platform, admin, session.id, { currentPassword: "not-it-at-all", newPassword: NEXT }, testMeta());
    expect(wrong).toMatchObject({ ok: false, field: "currentPassword", message: "Current password is incorrect" });
    const right = await changeOwnPassword(platform, admin, session.id, { currentPassword: INITIAL, newPassword: NEXT }, testMeta());
    expect(right).toEqual({ ok: true });
    expect(await verifyPassword({ hash: await passwordOf(admin.userId), password: NEXT })).toBe(true);
  });

  it("checks the form with the spec's messages, the match first", async () => {
    const admin = await insertUser(t.db, { password: INITIAL, firstLogin: true });
    const session = await insertSession(t.db, admin.userId);
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(fields)) data.set(key, value);
      return data;
    };
    const mismatch = await submitPasswordChange(platform, admin, session.id, form({ newPassword: "abc", confirmPassword: "abd" }), testMeta());
    expect(mismatch).toMatchObject({ ok: false, status: 400, toast: { title: "Validation Error", description: "Passwords do not match" } });
    const short = await submitPasswordChange(platform, admin, session.id, form({ newPassword: "abc", confirmPassword: "abc" }), testMeta());
    expect(short).toMatchObject({ ok: false, toast: { description: "Password must be at least 6 characters long" } });
    const done = await submitPasswordChange(
      platform,
      admin,
      session.id,
      form({ newPassword: NEXT, confirmPassword: NEXT, redirectTo: "/admin/locations" }),
      testMeta(),
    );
    expect(done).toMatchObject({ ok: true, redirectTo: "/admin/locations" });
    // Only back-office paths are followed.
    const admin2 = await insertUser(t.db, { password: INITIAL, firstLogin: true });
    const session2 = await insertSession(t.db, admin2.userId);
    const elsewhere = await submitPasswordChange(
      platform,
      admin2,
      session2.id,
      form({ newPassword: NEXT, confirmPassword: NEXT, redirectTo: "https://evil.example/admin" }),
      testMeta(),
    );
    expect(elsewhere).toMatchObject({ ok: true, redirectTo: "/admin" });
  });
});
