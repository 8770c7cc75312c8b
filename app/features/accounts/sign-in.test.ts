import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, outboxMessages, profiles, securityAuditLog, sessions, sponsors, userRoles, users } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { cookieOf, createTestPlatform, testMeta } from "../../../tests/setup/platform";
import { TEST_PASSWORD_HASH_LOG_N } from "../../../tests/setup/test-settings";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import { limits } from "./limits";
import { ADMIN_REFUSED_MESSAGE, NOT_ADMIN_MESSAGE } from "./messages";
import { resolveAuthState } from "./session.server";
import { signInWithPassword } from "./sign-in.server";
import { SESSION_IDLE_SECONDS } from "./session-lifetimes";
import { signUpCustomer } from "./sign-up.server";


describe.each(testEngines())("customer accounts on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  it("sign-up keeps the name the person typed, trimmed", async () => {
    const result = await signUpCustomer(platform, { name: "  Sam Sponsor ", email: "sam.sponsor@example.com", password: "buzzing-meadow" }, testMeta());
    expect(result.ok).toBe(true);
    const [user] = await t.db.select({ name: users.name }).from(users).where(eq(users.email, "sam.sponsor@example.com"));
    expect(user?.name).toBe("Sam Sponsor");
  });

  it("sign-up creates user, password hash, profile, customer role and sponsor together, and queues the verification e-mail", async () => {
    const result = await signUpCustomer(
      platform,
      { email: "fern@example.com", password: "buzzing-meadow", companyName: "Fern & Co", phoneNumber: "+1 360 555 0100" },
      testMeta(),
    );
    expect(result.ok).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.email, "fern@example.com"));
    expect(user!.emailVerified).toBe(false);
    // No name given: none is made up from the e-mail ("fern").
    expect(user!.name).toBe("");
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    // scrypt at the tests' cost (the production cost, 2^17, is asserted in auth.schema.test.ts).
    expect(account!.password).toMatch(new RegExp(`^\\$scrypt\\$ln=${TEST_PASSWORD_HASH_LOG_N},r=8,p=1\\$`));
    expect(account!.password).not.toContain("buzzing-meadow");
    const [sponsor] = await t.db.select().from(sponsors).where(eq(sponsors.userId, user!.id));
    expect(sponsor).toMatchObject({ email: "fern@example.com", companyName: "Fern & Co", phoneNumber: "+1 360 555 0100" });
    expect(await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user!.id))).toEqual([{ role: "customer" }]);
    expect(await t.db.select().from(profiles).where(eq(profiles.id, user!.id))).toHaveLength(1);
    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, "fern@example.com"));
    expect(mails.map((m) => m.template)).toEqual(["verify-email"]);
    // The session cookie it returns identifies the new customer.
    const state = await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieOf(result.ok ? result.value.headers : new Headers()) } }));
    expect(state.state.actor).toMatchObject({ kind: "customer", email: "fern@example.com", emailVerified: false });
  });

  it("creates nothing when the sponsor record cannot be written (one transaction)", async () => {
    await t.db.execute(sql`create function refuse_sponsor() returns trigger language plpgsql as $$
      begin if new.email = 'broken@example.com' then raise exception 'sponsor refused'; end if; return new; end $$`);
    await t.db.execute(sql`create trigger refuse_sponsor before insert on sponsors for each row execute function refuse_sponsor()`);
    const result = await signUpCustomer(platform, { email: "broken@example.com", password: "buzzing-meadow" }, testMeta());
    expect(result).toMatchObject({ ok: false, status: 500, title: "Signup Failed", message: expect.stringMatching(/^Profile setup failed: .+ Please contact support\.$/) });
    expect(await t.db.select().from(users).where(eq(users.email, "broken@example.com"))).toEqual([]);
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, "broken@example.com"))).toEqual([]);
    await t.db.execute(sql`drop trigger refuse_sponsor on sponsors`);
  });

  it("sign-up checks the form's rules itself: nothing is created for input the schema refuses", async () => {
    const result = await signUpCustomer(platform, { email: "nul@example.com", password: "buzzing-meadow", companyName: "Nul\u0000Co" }, testMeta());
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      title: "Validation Error",
      message: "Company name contains a character that is not allowed",
      fieldErrors: { companyName: ["Company name contains a character that is not allowed"] },
    });
    expect(await signUpCustomer(platform, { email: "short@example.com", password: "12345" }, testMeta())).toMatchObject({
      ok: false,
      message: "Password must be at least 6 characters",
      fieldErrors: { password: ["Password must be at least 6 characters"] },
    });
    expect(await t.db.select().from(users).where(eq(users.email, "nul@example.com"))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, "short@example.com"))).toEqual([]);
  });

  it("refuses a second account for the same e-mail, whatever its case", async () => {
    const result = await signUpCustomer(platform, { email: "FERN@example.com".toLowerCase(), password: "another-pass" }, testMeta());
    expect(result).toMatchObject({ ok: false, status: 409, title: "Signup Failed" });
    expect(await t.db.select().from(users).where(eq(users.email, "fern@example.com"))).toHaveLength(1);
  });

  it("signs a customer in at the customer door, and refuses a wrong password without saying which part was wrong", async () => {
    const ok = await signInWithPassword(platform, "customer", { email: "fern@example.com", password: "buzzing-meadow" }, testMeta());
    expect(ok).toMatchObject({ ok: true, value: { secondFactorRequired: false } });
    const wrong = await signInWithPassword(platform, "customer", { email: "fern@example.com", password: "nope-nope" }, testMeta());
    expect(wrong).toMatchObject({ ok: false, status: 401, title: "Login Failed", message: "Invalid email or password" });
    const unknown = await signInWithPassword(platform, "customer", { email: "nobody@example.com", password: "nope-nope" }, testMeta());
    expect(unknown).toMatchObject({ ok: false, status: 401, title: "Login Failed", message: "Invalid email or password" });
  });

  it("refuses customers at the admin door and admins at the customer door, leaving no session behind", async () => {
    const signUp = await signUpCustomer(platform, { email: "keeper@example.com", password: "queen-bee-42" }, testMeta());
    expect(signUp.ok).toBe(true);
    const [keeper] = await t.db.select().from(users).where(eq(users.email, "keeper@example.com"));
    await t.db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, keeper!.id));
    await t.db.delete(sessions).where(eq(sessions.userId, keeper!.id));

    const atCustomerDoor = await signInWithPassword(platform, "customer", { email: "keeper@example.com", password: "queen-bee-42" }, testMeta());
    expect(atCustomerDoor).toMatchObject({ ok: false, status: 403, title: "Login Failed", message: ADMIN_REFUSED_MESSAGE });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, keeper!.id))).toEqual([]);

    const atAdminDoor = await signInWithPassword(platform, "admin", { email: "fern@example.com", password: "buzzing-meadow" }, testMeta());
    expect(atAdminDoor).toMatchObject({ ok: false, status: 403, title: "Access Denied", message: NOT_ADMIN_MESSAGE });
    const refused = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.eventType, "login_refused"));
    expect(refused.length).toBeGreaterThanOrEqual(2);
  });

  it("locks an account after 5 failures, even for the right password, from any address", async () => {
    await signUpCustomer(platform, { email: "target@example.com", password: "right-password-1" }, testMeta("198.51.100.1"));
    for (let i = 0; i < 5; i++) {
      const attempt = await signInWithPassword(platform, "customer", { email: "target@example.com", password: `guess-${i}` }, testMeta(`198.51.100.${i + 10}`));
      expect(attempt).toMatchObject({ ok: false, status: 401 });
    }
    const locked = await signInWithPassword(platform, "customer", { email: "target@example.com", password: "right-password-1" }, testMeta("198.51.100.99"));
    expect(locked).toMatchObject({ ok: false, status: 429, title: "Login Failed", message: expect.stringMatching(/^Too many attempts/) });
  });

  it("limits attempts per address across accounts", async () => {
    // 30 earlier attempts from this address (counted as the sign-in command counts them).
    for (let i = 0; i < 30; i++) await hitRateLimit(t.db, limits.signInByAddress, "192.0.2.50");
    const last = await signInWithPassword(platform, "customer", { email: "fern@example.com", password: "buzzing-meadow" }, testMeta("192.0.2.50"));
    expect(last).toMatchObject({ ok: false, status: 429 });
    const elsewhere = await signInWithPassword(platform, "customer", { email: "fern@example.com", password: "buzzing-meadow" }, testMeta("192.0.2.51"));
    expect(elsewhere.ok).toBe(true);
  });

  it("ends a session past its absolute lifetime even while it is still being refreshed", async () => {
    const result = await signInWithPassword(platform, "customer", { email: "fern@example.com", password: "buzzing-meadow" }, testMeta());
    if (!result.ok) throw new Error("sign-in failed");
    const cookie = cookieOf(result.value.headers);
    const request = () => new Request("http://127.0.0.1:3999/", { headers: { cookie } });
    expect((await resolveAuthState(platform, request())).state.actor.kind).toBe("customer");
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    await t.db.update(sessions).set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) }).where(eq(sessions.token, token));
    expect((await resolveAuthState(platform, request())).state.actor.kind).toBe("anonymous");
    expect(await t.db.select().from(sessions).where(eq(sessions.token, token))).toEqual([]);
  });

  it("ends a session left unused for seven days, and moves that end on for a session in use", async () => {
    const result = await signInWithPassword(platform, "customer", { email: "fern@example.com", password: "buzzing-meadow" }, testMeta());
    if (!result.ok) throw new Error("sign-in failed");
    const cookie = cookieOf(result.value.headers);
    const request = () => new Request("http://127.0.0.1:3999/", { headers: { cookie } });
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    const expiresAt = async () => (await t.db.select({ at: sessions.expiresAt }).from(sessions).where(eq(sessions.token, token)))[0]?.at.getTime();
    const day = 24 * 60 * 60 * 1000;
    expect(Math.abs((await expiresAt())! - (Date.now() + SESSION_IDLE_SECONDS * 1000))).toBeLessThan(60_000);

    // Last refreshed two days ago: a visit now gives it seven days from now again.
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() + SESSION_IDLE_SECONDS * 1000 - 2 * day) }).where(eq(sessions.token, token));
    expect((await resolveAuthState(platform, request())).state.actor.kind).toBe("customer");
    expect(Math.abs((await expiresAt())! - (Date.now() + SESSION_IDLE_SECONDS * 1000))).toBeLessThan(60_000);

    // Unused for the whole window: the next visit finds no one signed in.
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, token));
    expect((await resolveAuthState(platform, request())).state.actor.kind).toBe("anonymous");
  });
});
