import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, afterAll, describe, expect, it } from "vitest";
import { accounts, profiles, securityAuditLog, userRoles, users } from "~/platform/db/schema";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { createTestPlatform, testMeta } from "../../../tests/setup/platform";
import { insertUser } from "../../../tests/factories/accounts";
import { openDatabase } from "~/platform/db/client.server";
import { ADMIN_EXISTS_MESSAGE, createConfiguredAdmin, createFirstAdmin, generateInitialPassword, setUpFirstAdmin } from "./admin-setup.server";
import { captureLogger, LEVEL } from "../../../tests/setup/capture-logger";
import { limits } from "./limits";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
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
    expect(outcome).toMatchObject({ ok: true, value: { email: "admin@apiary.test" } });
    if (!outcome.ok) return;
    const { userId, generatedPassword } = outcome.value;
    expect(generatedPassword).toBeUndefined();
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email: "admin@apiary.test", emailVerified: true, name: "Administrator" });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, userId));
    expect(account).toMatchObject({ providerId: "credential", accountId: userId });
    expect(await verifyPassword({ hash: account!.password!, password: STRONG })).toBe(true);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile).toMatchObject({ email: "admin@apiary.test", firstLogin: true, is2faEnabled: false });
    expect(await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).toEqual([{ role: "admin" }]);
    const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.eventType, "admin_created"));
    expect(audit).toMatchObject({ userId, ipAddress: "203.0.113.7", eventDetails: { email: "admin@apiary.test", via: "setup-page", passwordGenerated: false } });
  });

  it("generates a strong password, shown once, when none is configured", async () => {
    const outcome = await createFirstAdmin(t.db, { email: "root@example.org" }, via);
    if (!outcome.ok) throw new Error(outcome.message);
    const { userId, generatedPassword } = outcome.value;
    expect(generatedPassword).toMatch(/^([A-Za-z2-9]{5}-){3}[A-Za-z2-9]{5}$/);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, userId));
    expect(await verifyPassword({ hash: account!.password!, password: generatedPassword! })).toBe(true);
    expect(account!.password).not.toContain(generatedPassword);
    expect(generateInitialPassword()).not.toBe(generateInitialPassword());
  });

  it("works only while no administrator exists", async () => {
    expect((await createFirstAdmin(t.db, { email: "first@example.org", password: STRONG }, via)).ok).toBe(true);
    const second = await createFirstAdmin(t.db, { email: "second@example.org", password: STRONG }, via);
    expect(second).toMatchObject({ ok: false, status: 409, title: "Failed to create admin account.", message: ADMIN_EXISTS_MESSAGE });
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
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.message)).toEqual([ADMIN_EXISTS_MESSAGE, ADMIN_EXISTS_MESSAGE]);
    expect(await adminCount()).toBe(1);
    expect((await t.db.select({ n: count() }).from(users))[0]!.n).toBe(1);
  });

  it("never promotes an existing account that has the administrator's address", async () => {
    const customer = await insertUser(t.db, { email: "taken@example.org", role: "customer" });
    const outcome = await createFirstAdmin(t.db, { email: "taken@example.org", password: STRONG }, via);
    expect(outcome).toMatchObject({ ok: false, status: 409, message: expect.stringMatching(/^An account with this e-mail address already exists/) });
    expect(await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, customer.userId))).toEqual([{ role: "customer" }]);
    expect(await adminCount()).toBe(0);
  });

  it("refuses a weak configured initial password", async () => {
    const outcome = await createFirstAdmin(t.db, { email: "admin@example.org", password: "password123" }, via);
    expect(outcome).toMatchObject({ ok: false, status: 422, message: expect.stringMatching(/^ADMIN_INITIAL_PASSWORD is too weak/) });
    expect(await adminCount()).toBe(0);
  });

  it("the set-up page asks for an address only when none is configured, and makes nothing once an administrator exists", async () => {
    const meta = testMeta("198.51.100.77");
    const invalidAddress = { ok: false, status: 400, title: "Validation Error", message: "Please enter a valid email address", fieldErrors: { email: ["Please enter a valid email address"] } };
    expect(await setUpFirstAdmin(createTestPlatform(t), { email: "" }, meta)).toEqual(invalidAddress);
    expect(await setUpFirstAdmin(createTestPlatform(t), { email: "x".repeat(260) }, meta)).toEqual(invalidAddress);
    const configured = createTestPlatform(t, { ADMIN_EMAIL: "configured@example.org" });
    const made = await setUpFirstAdmin(configured, { email: "typed@example.org" }, meta);
    expect(made).toEqual({ ok: true, value: { email: "configured@example.org", generatedPassword: expect.stringMatching(/^([A-Za-z2-9]{5}-){3}[A-Za-z2-9]{5}$/) } });
    const late = await setUpFirstAdmin(createTestPlatform(t), { email: "late@example.org" }, meta);
    expect(late).toMatchObject({ ok: false, status: 409, title: "Failed to create admin account.", message: ADMIN_EXISTS_MESSAGE });
    expect(await t.db.select().from(users).where(eq(users.email, "late@example.org"))).toEqual([]);
  });

  it("limits set-up attempts per client address", async () => {
    for (let i = 0; i < limits.adminSetupByAddress.limit; i++) await hitRateLimit(t.db, limits.adminSetupByAddress, "198.51.100.78");
    const limited = await setUpFirstAdmin(createTestPlatform(t), { email: "root@example.org" }, testMeta("198.51.100.78"));
    expect(limited).toMatchObject({ ok: false, status: 429, title: "Failed to create admin account.", message: expect.stringMatching(/^Too many attempts/) });
    expect(await adminCount()).toBe(0);
  });

  describe("the configured administrator, made at start-up", () => {
    const configured = { ADMIN_EMAIL: "Owner@Apiary.TEST", ADMIN_INITIAL_PASSWORD: STRONG };
    const startingWith = (env: Record<string, string>) => {
      const { logger, lines } = captureLogger();
      return { platform: { ...createTestPlatform(t, env), logger }, lines };
    };

    it("exists from the first start with ADMIN_EMAIL and ADMIN_INITIAL_PASSWORD, and must change its password at first login", async () => {
      const { platform, lines } = startingWith(configured);
      expect(await createConfiguredAdmin(platform)).toBe("created");
      const [user] = await t.db.select().from(users).where(eq(users.email, "owner@apiary.test"));
      const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, user!.id));
      expect(await verifyPassword({ hash: account!.password!, password: STRONG })).toBe(true);
      expect(await t.db.select({ firstLogin: profiles.firstLogin }).from(profiles).where(eq(profiles.id, user!.id))).toEqual([{ firstLogin: true }]);
      const audits = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.userId, user!.id));
      expect(audits).toMatchObject([{ eventType: "admin_created", eventDetails: { email: "owner@apiary.test", via: "start-up", passwordGenerated: false } }]);
      expect(lines.find((line) => line.level === LEVEL.info)?.msg).toMatch(/must be changed at first login/);
      expect(JSON.stringify(lines)).not.toContain(STRONG);

      // The next start finds it and makes nothing.
      expect(await createConfiguredAdmin(startingWith(configured).platform)).toBe("exists");
      expect(await adminCount()).toBe(1);
    });

    it("is made exactly once when two instances start together on one database", async () => {
      // On PostgreSQL the second instance has a connection pool of its own, as a second server would.
      const other = t.url ? await openDatabase({ databaseUrl: t.url, poolMax: 2 }) : t;
      try {
        const first = startingWith(configured).platform;
        const second = { ...startingWith(configured).platform, db: other.db };
        const outcomes = await Promise.all([createConfiguredAdmin(first), createConfiguredAdmin(second)]);
        expect(outcomes.sort()).toEqual(["created", "exists"]);
        expect(await adminCount()).toBe(1);
        expect((await t.db.select({ n: count() }).from(users))[0]!.n).toBe(1);
        const [admin] = await t.db.select({ id: users.id }).from(users);
        expect((await t.db.select({ n: count() }).from(securityAuditLog).where(eq(securityAuditLog.userId, admin!.id)))[0]!.n).toBe(1);
      } finally {
        if (other !== t) await other.close();
      }
    });

    it("is not made without both settings: /admin-setup stays the way in", async () => {
      expect(await createConfiguredAdmin(startingWith({ ADMIN_EMAIL: "owner@apiary.test" }).platform)).toBe("not configured");
      expect(await createConfiguredAdmin(startingWith({ ADMIN_INITIAL_PASSWORD: STRONG }).platform)).toBe("not configured");
      expect(await createConfiguredAdmin(startingWith({}).platform)).toBe("not configured");
      expect(await adminCount()).toBe(0);
    });

    it("logs why when it can't be made (a guessable password, an address another account has), and the start goes on", async () => {
      const weak = startingWith({ ADMIN_EMAIL: "owner@apiary.test", ADMIN_INITIAL_PASSWORD: "password123" });
      expect(await createConfiguredAdmin(weak.platform)).toBe("refused");
      expect(weak.lines.find((line) => line.level === LEVEL.error)).toMatchObject({ reason: expect.stringMatching(/^ADMIN_INITIAL_PASSWORD is too weak/) });

      const customer = await insertUser(t.db, { email: "owner@apiary.test", role: "customer" });
      const taken = startingWith(configured);
      expect(await createConfiguredAdmin(taken.platform)).toBe("refused");
      expect(taken.lines.find((line) => line.level === LEVEL.error)).toMatchObject({ reason: expect.stringMatching(/^An account with this e-mail address already exists/) });
      expect(await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, customer.userId))).toEqual([{ role: "customer" }]);
      expect(await adminCount()).toBe(0);
    });
  });
});
