import { CONFIRM_IT_IS_YOU_FIRST, FRESH_PROOF_FIELD } from "./fresh-proof.server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeyChallenges, passkeys, profiles, securityAuditLog, sessions } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertSession, insertUser } from "../../../tests/factories/accounts";
import { SoftwareAuthenticator, type Ceremony } from "../../../tests/factories/software-authenticator";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { cookieOf, createTestPlatform, testMeta } from "../../../tests/setup/platform";
import type { TestClock } from "../../../tests/setup/test-clock";
import type { SignedInActor } from "./actor";
import { decideAdminGate, type StaffActor } from "./admin-guard.server";
import { ADMIN_REFUSED_MESSAGE, NOT_ADMIN_MESSAGE } from "./messages";
import { PASSKEY_NOT_FOUND_MESSAGE, PASSKEY_SETUP_EXPIRED_MESSAGE, PASSKEY_SIGN_IN_EXPIRED_MESSAGE, PASSKEY_SIGN_IN_FAILED_MESSAGE, PASSKEY_UNKNOWN_MESSAGE } from "./passkey-messages";
import {
  finishPasskeyRegistration,
  listPasskeys,
  PASSKEY_CHALLENGE_MS,
  removePasskey,
  signInWithPasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
} from "./passkeys.server";
import { resolveAuthState } from "./session.server";
import type { Portal } from "./sign-in.server";

const SITE: Ceremony = { origin: "http://127.0.0.1:3999", rpID: "127.0.0.1" };

describe.each(testEngines())("passkeys on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform & { clock: TestClock };
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  // Each test's requests come from an address of its own, so the per-address limits of one never touch another.
  let addresses = 0;
  const meta = () => testMeta(`198.51.100.${++addresses}`);

  async function addPasskey(actor: SignedInActor, authenticator: SoftwareAuthenticator, name = "My phone", ceremony: Ceremony = SITE) {
    const options = await startPasskeyRegistration(platform, actor);
    if (!options.ok) throw new Error(options.message);
    expect(options.value.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(options.value.rp.id).toBe("127.0.0.1");
    const response = authenticator.create({ challenge: options.value.challenge, user: options.value.user }, ceremony);
    return finishPasskeyRegistration(platform, actor, { name, response: JSON.stringify(response) }, meta());
  }

  async function signIn(portal: Portal, authenticator: SoftwareAuthenticator, ceremony: Ceremony = SITE, from = meta()) {
    const options = await startPasskeySignIn(platform, portal, from);
    if (!options.ok) throw new Error(options.message);
    expect(options.value.userVerification).toBe("required");
    const response = authenticator.get({ challenge: options.value.challenge }, ceremony);
    return { result: await signInWithPasskey(platform, portal, { response: JSON.stringify(response) }, from), response };
  }

  const whoIs = async (headers: Headers) => (await resolveAuthState(platform, new Request(`${SITE.origin}/`, { headers: { cookie: cookieOf(headers) } }))).state;
  const auditOf = (userId: string, type: string) => t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.userId, userId), eq(securityAuditLog.eventType, type)));

  /** A session that proved who it is a moment ago (removals ask for a recent proof). */
  const justSignedIn = (userId: string) => ({ id: `session-of-${userId}`, token: "", userId, createdAt: new Date(platform.clock.now()) });

  it("a customer adds a named passkey, sees it listed, and signs in with it at the customer door: a new session, past the second factor", async () => {
    const customer = await insertCustomer(t.db);
    const key = new SoftwareAuthenticator();
    const added = await addPasskey(customer, key, "  Kitchen laptop ");
    expect(added).toMatchObject({ ok: true, toast: { title: "Passkey added" } });

    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, customer.userId));
    expect(row).toMatchObject({ credentialId: key.id, name: "Kitchen laptop", counter: 1, deviceType: "multiDevice", backedUp: true, lastUsedAt: null });
    expect(row!.transports).toEqual(["internal", "hybrid"]);
    expect(await auditOf(customer.userId, "passkey_added")).toHaveLength(1);
    expect(await listPasskeys(t.db, customer.userId)).toEqual([{ id: row!.id, name: "Kitchen laptop", createdAt: row!.createdAt, lastUsedAt: null, synced: true }]);

    const { result } = await signIn("customer", key);
    expect(result).toMatchObject({ ok: true, value: { userId: customer.userId, secondFactorRequired: false } });
    const state = await whoIs(result.ok ? result.value.headers : new Headers());
    expect(state.actor).toMatchObject({ kind: "customer", userId: customer.userId });
    const [session] = await t.db.select().from(sessions).where(eq(sessions.id, state.session!.id));
    expect(session).toMatchObject({ signedInWith: "passkey", secondFactorAt: expect.any(Date) });
    const [used] = await t.db.select().from(passkeys).where(eq(passkeys.id, row!.id));
    expect(used).toMatchObject({ counter: 2 });
    expect(used!.lastUsedAt).not.toBeNull();
    expect((await auditOf(customer.userId, "login_success")).map((entry) => entry.eventDetails)).toEqual([{ method: "passkey", portal: "customer", passkeyId: row!.id }]);
  });

  it("spends each challenge once: a replayed sign-in answer and a replayed set-up answer are refused", async () => {
    const customer = await insertCustomer(t.db);
    const key = new SoftwareAuthenticator();
    const options = await startPasskeyRegistration(platform, customer);
    const creation = JSON.stringify(key.create({ challenge: options.ok ? options.value.challenge : "", user: options.ok ? options.value.user : undefined }, SITE));
    expect(await finishPasskeyRegistration(platform, customer, { name: "Phone", response: creation }, meta())).toMatchObject({ ok: true });
    // The same answer again: its challenge is gone (and the credential is already kept).
    expect(await finishPasskeyRegistration(platform, customer, { name: "Phone", response: creation }, meta())).toMatchObject({ ok: false, status: 400 });

    const from = meta();
    const { result, response } = await signIn("customer", key, SITE, from);
    expect(result.ok).toBe(true);
    const replay = await signInWithPasskey(platform, "customer", { response: JSON.stringify(response) }, from);
    expect(replay).toMatchObject({ ok: false, status: 400, title: "Login Failed", message: PASSKEY_SIGN_IN_FAILED_MESSAGE });
    const failures = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.ipAddress, from.clientAddress));
    expect(failures.map((entry) => [entry.eventType, entry.eventDetails.reason])).toContainEqual(["login_failed", "challenge"]);
  });

  it("refuses a challenge after five minutes, and one issued at the other door", async () => {
    const customer = await insertCustomer(t.db);
    const key = new SoftwareAuthenticator();
    expect((await addPasskey(customer, key)).ok).toBe(true);

    const late = await startPasskeySignIn(platform, "customer", meta());
    platform.clock.advance(PASSKEY_CHALLENGE_MS + 1000);
    const lateAnswer = key.get({ challenge: late.ok ? late.value.challenge : "" }, SITE);
    expect(await signInWithPasskey(platform, "customer", { response: JSON.stringify(lateAnswer) }, meta())).toMatchObject({ ok: false, status: 410, message: PASSKEY_SIGN_IN_EXPIRED_MESSAGE });

    const adminDoor = await startPasskeySignIn(platform, "admin", meta());
    const otherDoor = key.get({ challenge: adminDoor.ok ? adminDoor.value.challenge : "" }, SITE);
    expect(await signInWithPasskey(platform, "customer", { response: JSON.stringify(otherDoor) }, meta())).toMatchObject({ ok: false, message: PASSKEY_SIGN_IN_FAILED_MESSAGE });

    const setUp = await startPasskeyRegistration(platform, customer);
    platform.clock.advance(PASSKEY_CHALLENGE_MS + 1000);
    const lateKey = new SoftwareAuthenticator().create({ challenge: setUp.ok ? setUp.value.challenge : "" }, SITE);
    expect(await finishPasskeyRegistration(platform, customer, { name: "Late", response: JSON.stringify(lateKey) }, meta())).toMatchObject({
      ok: false,
      status: 410,
      message: PASSKEY_SETUP_EXPIRED_MESSAGE,
    });
    // Lapsed challenges are cleared as new ones are issued.
    await startPasskeySignIn(platform, "customer", meta());
    const left = await t.db.select().from(passkeyChallenges);
    expect(left.every((row) => row.expiresAt.getTime() > platform.clock.now())).toBe(true);
  });

  it("refuses another origin or relying party, at set-up and at sign-in, and a passkey without user verification", async () => {
    const customer = await insertCustomer(t.db);
    for (const ceremony of [
      { origin: "https://apiary.example.org", rpID: SITE.rpID },
      { origin: SITE.origin, rpID: "example.org" },
    ]) {
      expect(await addPasskey(customer, new SoftwareAuthenticator(), "Elsewhere", ceremony)).toMatchObject({ ok: false, status: 400 });
    }
    const unverified = new SoftwareAuthenticator();
    unverified.userVerified = false;
    expect(await addPasskey(customer, unverified)).toMatchObject({ ok: false, status: 400 });
    expect(await listPasskeys(t.db, customer.userId)).toEqual([]);

    const key = new SoftwareAuthenticator();
    expect((await addPasskey(customer, key)).ok).toBe(true);
    for (const ceremony of [
      { origin: "https://apiary.example.org", rpID: SITE.rpID },
      { origin: SITE.origin, rpID: "example.org" },
    ]) {
      const { result } = await signIn("customer", key, ceremony);
      expect(result).toMatchObject({ ok: false, status: 401, message: PASSKEY_SIGN_IN_FAILED_MESSAGE });
    }
    key.userVerified = false;
    expect((await signIn("customer", key)).result).toMatchObject({ ok: false, status: 401 });
    expect(await auditOf(customer.userId, "login_success")).toEqual([]);
  });

  it("refuses a counter that did not move on (a cloned authenticator), and lets a passkey without a counter sign in again and again", async () => {
    const customer = await insertCustomer(t.db);
    const key = new SoftwareAuthenticator({ counter: 5 });
    expect((await addPasskey(customer, key)).ok).toBe(true);
    expect((await signIn("customer", key)).result.ok).toBe(true);
    // The same count again, as a copy of the key would send.
    const options = await startPasskeySignIn(platform, "customer", meta());
    const copy = key.get({ challenge: options.ok ? options.value.challenge : "" }, SITE, { advanceCounter: false });
    expect(await signInWithPasskey(platform, "customer", { response: JSON.stringify(copy) }, meta())).toMatchObject({ ok: false, status: 401 });
    expect((await auditOf(customer.userId, "login_failed")).map((entry) => entry.eventDetails.reason)).toEqual(["counter"]);

    const synced = new SoftwareAuthenticator({ counter: 0 });
    expect((await addPasskey(customer, synced, "Synced")).ok).toBe(true);
    expect((await signIn("customer", synced)).result.ok).toBe(true);
    expect((await signIn("customer", synced)).result.ok).toBe(true);
  });

  it("removes only one's own passkey, which then signs no one in; someone else's is answered as already gone", async () => {
    const owner = await insertCustomer(t.db);
    const other = await insertCustomer(t.db);
    const key = new SoftwareAuthenticator();
    expect((await addPasskey(owner, key)).ok).toBe(true);
    const [row] = await listPasskeys(t.db, owner.userId);

    expect(await removePasskey(platform, other, justSignedIn(other.userId), { passkeyId: row!.id }, meta())).toMatchObject({ ok: false, status: 404, message: PASSKEY_NOT_FOUND_MESSAGE });
    expect(await listPasskeys(t.db, owner.userId)).toHaveLength(1);

    // Signed in long ago: a recent proof first.
    const longAgo = { ...justSignedIn(owner.userId), createdAt: new Date(platform.clock.now() - 6 * 60_000) };
    expect(await removePasskey(platform, owner, longAgo, { passkeyId: row!.id }, meta())).toMatchObject({ ok: false, status: 401, fieldErrors: { [FRESH_PROOF_FIELD]: [CONFIRM_IT_IS_YOU_FIRST] } });
    expect(await listPasskeys(t.db, owner.userId)).toHaveLength(1);
    expect(await removePasskey(platform, owner, justSignedIn(owner.userId), { passkeyId: row!.id }, meta())).toMatchObject({ ok: true, toast: { title: "Passkey removed" } });
    expect(await listPasskeys(t.db, owner.userId)).toEqual([]);
    expect((await auditOf(owner.userId, "passkey_removed")).map((entry) => entry.eventDetails)).toEqual([{ passkeyId: row!.id, name: "My phone", sessionsEnded: 0 }]);
    expect(await removePasskey(platform, owner, justSignedIn(owner.userId), { passkeyId: row!.id }, meta())).toMatchObject({ ok: false, status: 404 });
    expect((await signIn("customer", key)).result).toMatchObject({ ok: false, status: 401, message: PASSKEY_UNKNOWN_MESSAGE });
  });

  it("removing a passkey ends the sessions it started, and only those", async () => {
    const owner = await insertCustomer(t.db);
    const [lost, kept] = [new SoftwareAuthenticator(), new SoftwareAuthenticator()];
    expect((await addPasskey(owner, lost, "Lost phone")).ok).toBe(true);
    expect((await addPasskey(owner, kept, "Laptop")).ok).toBe(true);
    const signedIn = async (key: SoftwareAuthenticator) => {
      const { result } = await signIn("customer", key);
      if (!result.ok) throw new Error(result.message);
      return result.value.headers;
    };
    const byLost = [await signedIn(lost), await signedIn(lost)];
    const byKept = await signedIn(kept);
    const byPassword = await insertSession(t.db, owner.userId);
    // Asked once before, so the sessions are in this instance's cache of signed-in states.
    for (const headers of [...byLost, byKept]) expect((await whoIs(headers)).actor).toMatchObject({ userId: owner.userId });
    const lostRow = (await listPasskeys(t.db, owner.userId)).find((row) => row.name === "Lost phone")!;
    expect(await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.signedInPasskeyId, lostRow.id))).toHaveLength(2);

    expect((await removePasskey(platform, owner, justSignedIn(owner.userId), { passkeyId: lostRow.id }, meta())).ok).toBe(true);
    for (const headers of byLost) expect((await whoIs(headers)).actor).toEqual({ kind: "anonymous" });
    expect((await whoIs(byKept)).actor).toMatchObject({ kind: "customer", userId: owner.userId });
    expect(await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, byPassword.id))).toHaveLength(1);
    expect((await auditOf(owner.userId, "passkey_removed")).map((entry) => entry.eventDetails)).toEqual([{ passkeyId: lostRow.id, name: "Lost phone", sessionsEnded: 2 }]);
  });

  it("a staff passkey counts as both factors at /auth (no code step, and a site requiring 2FA lets it in), and never opens the customer door", async () => {
    const admin = await insertUser(t.db, { password: "a-long-admin-passphrase" });
    await t.db.update(profiles).set({ is2faEnabled: true }).where(eq(profiles.id, admin.userId));
    const key = new SoftwareAuthenticator();
    expect((await addPasskey(admin, key, "Security key")).ok).toBe(true);

    const { result } = await signIn("admin", key);
    expect(result).toMatchObject({ ok: true, value: { secondFactorRequired: false } });
    const state = await whoIs(result.ok ? result.value.headers : new Headers());
    expect(state.pendingSecondFactor).toBeUndefined();
    expect(state.actor).toMatchObject({ kind: "staff", userId: admin.userId, signedInWithPasskey: true });
    expect(decideAdminGate(state, "/admin/bookings", { requireTwoFactor: true })).toMatchObject({ kind: "allow" });
    // Not any session past the code step: one whose TOTP was turned off since is sent to set it up again.
    const codeSession = { ...state, actor: { ...(state.actor as StaffActor), twoFactorEnabled: false, signedInWithPasskey: false } };
    expect(decideAdminGate(codeSession, "/admin/bookings", { requireTwoFactor: true })).toEqual({ kind: "redirect", to: "/admin/security" });

    // A staff member without TOTP under REQUIRE_ADMIN_2FA: the passkey session is let in too.
    const staff = await insertUser(t.db);
    const staffKey = new SoftwareAuthenticator();
    expect((await addPasskey(staff, staffKey)).ok).toBe(true);
    const staffIn = (await signIn("admin", staffKey)).result;
    const staffState = await whoIs(staffIn.ok ? staffIn.value.headers : new Headers());
    expect(decideAdminGate(staffState, "/admin/bookings", { requireTwoFactor: true })).toMatchObject({ kind: "allow" });

    const sessionsBefore = await t.db.select().from(sessions).where(eq(sessions.userId, admin.userId));
    const atCustomerDoor = (await signIn("customer", key)).result;
    expect(atCustomerDoor).toMatchObject({ ok: false, status: 403, title: "Login Failed", message: ADMIN_REFUSED_MESSAGE });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, admin.userId))).toHaveLength(sessionsBefore.length);
    expect((await auditOf(admin.userId, "login_refused")).map((entry) => entry.eventDetails)).toEqual([{ portal: "customer", method: "passkey" }]);
  });

  it("a customer's passkey is Access Denied at /auth, with no session made", async () => {
    const customer = await insertCustomer(t.db);
    const key = new SoftwareAuthenticator();
    expect((await addPasskey(customer, key)).ok).toBe(true);
    const { result } = await signIn("admin", key);
    expect(result).toMatchObject({ ok: false, status: 403, title: "Access Denied", message: NOT_ADMIN_MESSAGE });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, customer.userId))).toEqual([]);
  });

  it("limits sign-in attempts per address, and refuses answers that are not a passkey's", async () => {
    const from = meta();
    for (let i = 0; i < 30; i++) await signInWithPasskey(platform, "customer", { response: "{}" }, from);
    expect(await startPasskeySignIn(platform, "customer", from)).toMatchObject({ ok: false, status: 429, title: "Login Failed" });
    expect(await signInWithPasskey(platform, "customer", { response: "not json" }, meta())).toMatchObject({ ok: false, status: 400 });
    expect(await signInWithPasskey(platform, "customer", {}, meta())).toMatchObject({ ok: false, status: 400, title: "Validation Error" });
  });

  it("asks for a name, keeps a passkey on one account only, and holds ten at most", async () => {
    const customer = await insertCustomer(t.db);
    const options = await startPasskeyRegistration(platform, customer);
    const answer = JSON.stringify(new SoftwareAuthenticator().create({ challenge: options.ok ? options.value.challenge : "" }, SITE));
    expect(await finishPasskeyRegistration(platform, customer, { name: "   ", response: answer }, meta())).toMatchObject({
      ok: false,
      fieldErrors: { name: ["Give the passkey a name"] },
    });
    const key = new SoftwareAuthenticator();
    expect((await addPasskey(customer, key)).ok).toBe(true);
    // The same authenticator offered again by another account (the browser's exclude list skipped).
    const someoneElse = await insertCustomer(t.db);
    expect(await addPasskey(someoneElse, key)).toMatchObject({ ok: false, status: 409 });
    for (let i = 1; i < 10; i++) expect((await addPasskey(customer, new SoftwareAuthenticator(), `Key ${i}`)).ok).toBe(true);
    expect(await startPasskeyRegistration(platform, customer)).toMatchObject({ ok: false, status: 409 });
  });
});
