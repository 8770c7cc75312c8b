import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, securityAuditLog, sessions } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { hashPassword } from "~/platform/security/password-hash.server";
import { insertCustomer, insertSession, insertUser } from "../../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../../tests/setup/databases";
import { cookieOf, createTestPlatform, testMeta } from "../../../../tests/setup/platform";
import type { TestClock } from "../../../../tests/setup/test-clock";
import { resolveAuthState } from "../session.server";
import { STAFF_SESSION_ABSOLUTE_MS } from "../session-lifetimes";
import { signInWithPassword } from "../sign-in.server";
import { signOut, type SignOutScope } from "../sign-out.server";
import { deviceLabel } from "./device-label";
import { approximatePlace, LOCAL_NETWORK, UNKNOWN_PLACE } from "./ip-place.server";
import { endMySession, listMySessions, SESSION_NOT_FOUND } from "./my-sessions.server";

const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS_CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ANDROID_FIREFOX = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0";
const IPAD = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const PASSWORD = "Quarry-Violet-Harbour-61";

describe("a session's device and place", () => {
  it("names the browser and the device from the user agent, and says so when there is none", () => {
    expect(deviceLabel(IPHONE_SAFARI)).toEqual({ browser: "Safari", device: "iPhone", kind: "phone" });
    expect(deviceLabel(WINDOWS_CHROME)).toEqual({ browser: "Chrome", device: "Windows", kind: "computer" });
    expect(deviceLabel(ANDROID_FIREFOX)).toEqual({ browser: "Firefox", device: "Android", kind: "phone" });
    expect(deviceLabel(IPAD)).toMatchObject({ browser: "Safari", device: "iPad", kind: "tablet" });
    expect(deviceLabel(null)).toEqual({ browser: "Unknown browser", device: "unknown device", kind: "unknown" });
    expect(deviceLabel("vitest")).toMatchObject({ kind: "unknown" });
  });

  it("places a public address in the country its block is registered to, and keeps local ones local", async () => {
    expect(await approximatePlace("8.8.8.8")).toBe("United States");
    expect(await approximatePlace("81.2.69.160")).toBe("United Kingdom");
    expect(await approximatePlace("2a00:1450:4001::1")).toBe("Ireland");
    for (const local of ["127.0.0.1", "10.1.2.3", "192.168.0.4", "172.20.0.1", "100.64.0.1", "::1", "fd00::1", "fe80::1", "::ffff:192.168.1.1"]) {
      expect(await approximatePlace(local), local).toBe(LOCAL_NETWORK);
    }
    for (const unknown of [null, "", "not-an-address"]) expect(await approximatePlace(unknown), String(unknown)).toBe(UNKNOWN_PLACE);
  });
});

describe.each(testEngines())("one's own sessions on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform & { clock: TestClock };
  let n = 20;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  /** A customer with a password, signed in from `devices` browsers: each one's cookie and resolved state. */
  async function signedInOn(devices: { userAgent: string; address: string }[]) {
    const customer = await insertCustomer(t.db);
    await t.db.insert(accounts).values({ id: crypto.randomUUID(), userId: customer.userId, accountId: customer.userId, providerId: "credential", password: await hashPassword(PASSWORD) });
    const signedIn = [];
    for (const device of devices) {
      const meta = testMeta(device.address);
      meta.headers.set("user-agent", device.userAgent);
      const result = await signInWithPassword(platform, "customer", { email: customer.email, password: PASSWORD }, { ...meta, userAgent: device.userAgent });
      if (!result.ok) throw new Error(result.message);
      const cookie = cookieOf(result.value.headers);
      const { state } = await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie } }));
      signedIn.push({ cookie, state, meta: { ...meta, headers: new Headers({ ...Object.fromEntries(meta.headers), cookie }) } });
    }
    return { customer, signedIn };
  }
  const sessionIdsOf = async (userId: string) => (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map((s) => s.id).sort();

  it("lists each device with its browser, place and days, this one first and marked, and nobody else's", async () => {
    const { customer, signedIn } = await signedInOn([
      { userAgent: WINDOWS_CHROME, address: "81.2.69.160" },
      { userAgent: IPHONE_SAFARI, address: "192.168.1.20" },
    ]);
    const stranger = await insertCustomer(t.db);
    await insertSession(t.db, stranger.userId);
    const here = signedIn[1]!.state.session!;
    const listed = await listMySessions(platform, here);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ id: here.id, browser: "Safari", device: "iPhone", kind: "phone", place: LOCAL_NETWORK, thisDevice: true });
    expect(listed[1]).toMatchObject({ id: signedIn[0]!.state.session!.id, browser: "Chrome", device: "Windows", kind: "computer", place: "United Kingdom", thisDevice: false });
    expect(listed[0]!.signedInDay).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    // The id is the row's, never the token the cookie carries.
    const [row] = await t.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.id, here.id));
    expect(JSON.stringify(listed)).not.toContain(row!.token);
    expect(listed.every((s) => s.id !== stranger.userId)).toBe(true);
    // An ended session is not listed.
    await t.db.update(sessions).set({ expiresAt: new Date(platform.clock.now() - 1000) }).where(eq(sessions.id, signedIn[0]!.state.session!.id));
    expect((await listMySessions(platform, here)).map((s) => s.id)).toEqual([here.id]);
    expect(await listMySessions(platform, undefined)).toEqual([]);
    expect(customer).toBeTruthy();
  });

  it("signs out one other device by its id, and never another person's session (answered as already signed out)", async () => {
    const { customer, signedIn } = await signedInOn([
      { userAgent: WINDOWS_CHROME, address: `198.51.100.${n++}` },
      { userAgent: IPHONE_SAFARI, address: `198.51.100.${n++}` },
      { userAgent: ANDROID_FIREFOX, address: `198.51.100.${n++}` },
    ]);
    const [laptop, phone, tablet] = signedIn.map((s) => s.state.session!);
    const stranger = await insertCustomer(t.db);
    const theirs = await insertSession(t.db, stranger.userId);

    expect(await endMySession(platform, phone, theirs.id, testMeta())).toEqual({ ok: false, status: 404, message: SESSION_NOT_FOUND });
    expect(await sessionIdsOf(stranger.userId)).toEqual([theirs.id]);

    expect(await endMySession(platform, phone, laptop!.id, testMeta())).toMatchObject({ ok: true });
    expect(await sessionIdsOf(customer.userId)).toEqual([phone!.id, tablet!.id].sort());
    // The laptop is signed out at its next request.
    expect((await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie: signedIn[0]!.cookie } }))).state.actor.kind).toBe("anonymous");
    expect(await endMySession(platform, phone, laptop!.id, testMeta())).toEqual({ ok: false, status: 404, message: SESSION_NOT_FOUND });
    const audit = await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.userId, customer.userId), eq(securityAuditLog.eventType, "sessions_revoked")));
    expect(audit.map((row) => row.eventDetails)).toEqual([{ scope: "one" }]);
  });

  it("ends a back-office session 12 hours after sign-in, a sponsor's not", async () => {
    const admin = await insertUser(t.db, { password: PASSWORD });
    const signedIn = await signInWithPassword(platform, "admin", { email: admin.email, password: PASSWORD }, testMeta(`198.51.100.${n++}`));
    if (!signedIn.ok) throw new Error(signedIn.message);
    const cookie = cookieOf(signedIn.value.headers);
    const whoIs = async () => (await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie } }))).state.actor.kind;
    const aged = (ms: number) => t.db.update(sessions).set({ createdAt: new Date(Date.now() - ms) }).where(eq(sessions.userId, admin.userId));
    await aged(STAFF_SESSION_ABSOLUTE_MS - 60_000);
    expect(await whoIs()).toBe("staff");
    await aged(STAFF_SESSION_ABSOLUTE_MS + 60_000);
    expect(await whoIs()).toBe("anonymous");
    expect(await sessionIdsOf(admin.userId)).toEqual([]);

    const { customer, signedIn: [sponsor] } = await signedInOn([{ userAgent: WINDOWS_CHROME, address: `198.51.100.${n++}` }]);
    await t.db.update(sessions).set({ createdAt: new Date(Date.now() - STAFF_SESSION_ABSOLUTE_MS - 60_000) }).where(eq(sessions.userId, customer.userId));
    expect((await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie: sponsor!.cookie } }))).state.actor.kind).toBe("customer");
  });

  it.each<[SignOutScope, (ids: { here: string; others: string[] }) => string[]]>([
    ["local", ({ others }) => others],
    ["others", ({ here }) => [here]],
    ["global", () => []],
  ])("the %s scope ends the sessions it names and keeps the rest", async (scope, kept) => {
    const { customer, signedIn } = await signedInOn([0, 1, 2].map(() => ({ userAgent: WINDOWS_CHROME, address: `198.51.100.${n++}` })));
    const here = signedIn[0]!;
    const others = signedIn.slice(1).map((s) => s.state.session!.id);
    const other = await insertCustomer(t.db);
    const theirs = await insertSession(t.db, other.userId);
    await signOut(platform, here.state, scope, here.meta);
    expect(await sessionIdsOf(customer.userId)).toEqual(kept({ here: here.state.session!.id, others }).sort());
    expect(await sessionIdsOf(other.userId)).toEqual([theirs.id]);
    const [audit] = await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.userId, customer.userId), eq(securityAuditLog.eventType, scope === "others" ? "sessions_revoked" : "logout")));
    expect(audit?.eventDetails).toEqual({ scope });
  });
});
