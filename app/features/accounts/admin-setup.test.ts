import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, afterAll, describe, expect, it } from "vitest";
import { accounts, profiles, securityAuditLog, userRoles, users } from "~/platform/db/schema";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { insertUser } from "../../../tests/factories/accounts";
import { createFirstAdmin, generateInitialPassword } from "./admin-setup.server";
import { verifyPassword } from "~/platform/security/password-hash.server";

const STRONG = "Meadow-Clover-Orchard-42";
const via = { via: "setup-page" as const, ipAddress: "203.0.113.7" };

describe.each(testEngines())("first administrator on $name", ({ open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t?.dispose());
  // Every test starts from a database without users.
  afterEach(async () => {
    await t.db.delete(users);
  });

  const adminCount = async () => (await t.db.select({ n: count() }).from(userRoles).where(eq(userRoles.role, "admin")))[0]!.n;

  it("creates user, password, profile (first login) and admin role in one go", async () => {
    const outcome = await createFirstAdmin(t.db, { email: " Admin@Apiary.TEST ", password: STRONG }, via);
    expect(outcome).toMatchObject({ ok: true, email: "admin@apiary.test" });
    if (!outcome.ok) return;
    expect(outcome.generatedPassword).toBeUndefined();
    const [user] = await t.db.select().from(users).where(eq(users.id, outcome.userId));
    expect(user).toMatchObject({ email: "admin@apiary.test", emailVerified: true, name: "Administrator" });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, outcome.userId));
    expect(account).toMatchObject({ providerId: "credential", accountId: outcome.userId });
    expect(await verifyPassword({ hash: account!.password!, password: STRONG })).toBe(true);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, outcome.userId));
    expect(profile).toMatchObject({ email: "admin@apiary.test", firstLogin: true, is2faEnabled: false });
    expect(await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, outcome.userId))).toEqual([{ role: "admin" }]);
    const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.eventType, "admin_created"));
    expect(audit).toMatchObject({ userId: outcome.userId, ipAddress: "203.0.113.7", eventDetails: { email: "admin@apiary.test", via: "setup-page", passwordGenerated: false } });
  });

  it("generates a strong password, shown once, when none is configured", async () => {
    const outcome = await createFirstAdmin(t.db, { email: "root@example.org" }, via);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.generatedPassword).toMatch(/^([A-Za-z2-9]{5}-){3}[A-Za-z2-9]{5}$/);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, outcome.userId));
    expect(await verifyPassword({ hash: account!.password!, password: outcome.generatedPassword! })).toBe(true);
    expect(account!.password).not.toContain(outcome.generatedPassword);
    expect(generateInitialPassword()).not.toBe(generateInitialPassword());
  });

  it("works only while no administrator exists", async () => {
    expect((await createFirstAdmin(t.db, { email: "first@example.org", password: STRONG }, via)).ok).toBe(true);
    const second = await createFirstAdmin(t.db, { email: "second@example.org", password: STRONG }, via);
    expect(second).toMatchObject({ ok: false, reason: "exists", status: 409, title: "Failed to create admin account." });
    expect(await adminCount()).toBe(1);
    expect(await t.db.select().from(users).where(eq(users.email, "second@example.org"))).toEqual([]);
  });

  it("makes exactly one administrator when two set-ups run at once", async () => {
    const outcomes = await Promise.all([
      createFirstAdmin(t.db, { email: "one@example.org", password: STRONG }, via),
      createFirstAdmin(t.db, { email: "two@example.org", password: STRONG }, via),
      createFirstAdmin(t.db, { email: "three@example.org" }, via),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.reason)).toEqual(["exists", "exists"]);
    expect(await adminCount()).toBe(1);
    expect((await t.db.select({ n: count() }).from(users))[0]!.n).toBe(1);
  });

  it("never promotes an existing account that has the administrator's address", async () => {
    const customer = await insertUser(t.db, { email: "taken@example.org", role: "customer" });
    const outcome = await createFirstAdmin(t.db, { email: "taken@example.org", password: STRONG }, via);
    expect(outcome).toMatchObject({ ok: false, reason: "email-taken" });
    expect(await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, customer.userId))).toEqual([{ role: "customer" }]);
    expect(await adminCount()).toBe(0);
  });

  it("refuses a weak configured initial password", async () => {
    const outcome = await createFirstAdmin(t.db, { email: "admin@example.org", password: "password123" }, via);
    expect(outcome).toMatchObject({ ok: false, reason: "weak-password", message: expect.stringMatching(/^ADMIN_INITIAL_PASSWORD is too weak/) });
    expect(await adminCount()).toBe(0);
  });
});
