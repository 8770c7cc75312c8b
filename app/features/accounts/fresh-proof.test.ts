import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCREEN_SERVERS } from "~/features/back-office/screens.server";
import { securityAuditLog, sessions } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertSession, insertUser } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform } from "../../../tests/setup/platform";
import type { TestClock } from "../../../tests/setup/test-clock";
import { CONFIRM_IT_IS_YOU, FRESH_PROOF_MS, needsFreshProof, NOT_YOUR_PASSWORD } from "./fresh-proof.server";

const OWN_PASSWORD = "Quarry-Violet-Harbour-61";

describe.each(testEngines())("a fresh proof of who one is, on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform & { clock: TestClock };
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const resetPassword = SCREEN_SERVERS.users!.commands["reset-password"]!;

  it("a staff member signed in over five minutes ago gives their own password before setting someone's, then has five minutes", async () => {
    const admin = await insertUser(t.db, { password: OWN_PASSWORD });
    const { id, createdAt } = await insertSession(t.db, admin.userId, { createdAt: new Date(platform.clock.now()) });
    const session = { id, token: "", userId: admin.userId, createdAt };
    const ctx = { ...actingAs(() => platform)(admin), session };
    const sponsor = await insertCustomer(t.db);
    const input = { userId: sponsor.userId, newPassword: "Orchard-Lantern-Thistle-58", confirmPassword: "Orchard-Lantern-Thistle-58" };

    // Just signed in: no proof asked.
    expect(await needsFreshProof(platform, session)).toBe(false);
    platform.clock.advance(FRESH_PROOF_MS + 1_000);
    expect(await needsFreshProof(platform, session)).toBe(true);

    expect(await resetPassword(ctx, input)).toEqual({ ok: false, status: 401, message: CONFIRM_IT_IS_YOU, fieldErrors: { currentPassword: [CONFIRM_IT_IS_YOU] } });
    expect(await resetPassword(ctx, { ...input, currentPassword: "not-it-at-all" })).toEqual({ ok: false, status: 401, message: NOT_YOUR_PASSWORD, fieldErrors: { currentPassword: [NOT_YOUR_PASSWORD] } });
    // Nothing was changed by the refusals.
    expect(await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.recordId, sponsor.userId), eq(securityAuditLog.eventType, "password_reset_by_staff")))).toEqual([]);

    expect(await resetPassword(ctx, { ...input, currentPassword: OWN_PASSWORD })).toMatchObject({ ok: true });
    const [row] = await t.db.select({ provenAt: sessions.provenAt }).from(sessions).where(eq(sessions.id, id));
    expect(row!.provenAt!.getTime()).toBe(platform.clock.now());
    const events = await t.db.select({ event: securityAuditLog.eventType }).from(securityAuditLog).where(eq(securityAuditLog.userId, admin.userId));
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(["reauthentication_failed", "reauthenticated"]));

    // Within the next five minutes, no proof again; after them, once more.
    platform.clock.advance(FRESH_PROOF_MS - 1_000);
    expect(await resetPassword(ctx, input)).toMatchObject({ ok: true });
    platform.clock.advance(2_000);
    expect(await resetPassword(ctx, input)).toMatchObject({ ok: false, status: 401 });
  });

  it("stops a stolen session guessing: after 5 wrong passwords even the right one waits", async () => {
    const admin = await insertUser(t.db, { password: OWN_PASSWORD });
    const { id, createdAt } = await insertSession(t.db, admin.userId, { createdAt: new Date(platform.clock.now() - FRESH_PROOF_MS - 60_000) });
    const ctx = { ...actingAs(() => platform)(admin), session: { id, token: "", userId: admin.userId, createdAt } };
    const sponsor = await insertCustomer(t.db);
    const input = { userId: sponsor.userId, newPassword: "Orchard-Lantern-Thistle-58", confirmPassword: "Orchard-Lantern-Thistle-58" };
    for (let i = 0; i < 5; i++) await resetPassword(ctx, { ...input, currentPassword: `guess-${i}` });
    expect(await resetPassword(ctx, { ...input, currentPassword: OWN_PASSWORD })).toMatchObject({ ok: false, status: 429 });
  });
});
