import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, outboxMessages, profiles, secondFactors, securityAuditLog, sessions, smsOutbox } from "~/platform/db/schema";
import { insertCustomer, insertSession, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, cookieOf, createTestPlatform, testMeta } from "../../../tests/setup/platform";
import type { AuthState } from "./actor";
import { requestEmailCode, signInWithEmailCode } from "./email-code.server";
import { FRESH_PROOF_MS, CONFIRM_IT_IS_YOU_FIRST } from "./fresh-proof.server";
import { openProvenSession } from "./open-session.server";
import { requestPhoneCode, signInWithPhoneCode } from "./phone-code.server";
import { completeSecondFactor } from "./second-factor.server";
import { challengePhoneFactor, maskPhone, phonesForSignIn, removeFactor, resetFactorsByStaff, startPhoneFactor, verifyPhoneFactor } from "./second-factors.server";
import { answerTwoStepForm } from "./two-step/two-step-forms.server";
import { TWO_STEP_INTENTS } from "./two-step/two-step-messages";
import { resolveAuthState } from "./session.server";
import { signInWithPassword } from "./sign-in.server";
import { signUpCustomer } from "./sign-up.server";
import { totpCodeAt } from "./totp";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "./two-factor.server";
import { FACTOR_RESET_ADMIN_ONLY_MESSAGE, FACTOR_RESET_SELF_MESSAGE, PHONE_FACTOR_EXISTS_MESSAGE, PHONE_FACTOR_MISMATCH_MESSAGE } from "./two-step/two-step-messages";
import { signInVerified } from "./verified-sign-in.server";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "./messages";

let address = 0;
const meta = () => testMeta(`198.51.100.${++address % 250}`);
let numbers = 0;
/** A different valid US number each time (555-01xx is reserved for fiction). */
const newPhone = () => `+1360555${String(100 + (++numbers % 100)).padStart(4, "0")}`;

describe("masking a number on the code step", () => {
  it("keeps the country code and the last four digits", () => {
    expect(maskPhone("+13605550142")).toBe("+1 ••• ••• 0142");
  });
});

describe.each(testEngines())("second factors on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: ReturnType<typeof createTestPlatform>;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const sessionRef = (s: { id: string; createdAt: Date }, userId: string): NonNullable<AuthState["session"]> => ({ id: s.id, token: "", userId, createdAt: s.createdAt });
  async function lastText(to: string) {
    const [text] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.to, to)).orderBy(desc(smsOutbox.id)).limit(1);
    return /^(\d{6}) is your Apiary verification code/.exec(text!.body)![1]!;
  }
  const flagOf = async (userId: string) => (await t.db.select({ on: profiles.is2faEnabled }).from(profiles).where(eq(profiles.id, userId)))[0]!.on;
  const factorsOf = (userId: string) => t.db.select().from(secondFactors).where(eq(secondFactors.userId, userId));

  /** A sponsor with a verified phone factor, added through the real commands. */
  async function sponsorWithPhone() {
    const customer = await insertCustomer(t.db);
    const session = await insertSession(t.db, customer.userId);
    const account = { userId: customer.userId, email: customer.email, sessionId: session.id, session: sessionRef(session, customer.userId) };
    const phone = newPhone();
    const started = await startPhoneFactor(platform, account, { phone, friendlyName: "My phone" }, meta());
    if (!started.ok) throw new Error(started.message);
    const added = await verifyPhoneFactor(platform, account, { phone, friendlyName: "My phone", code: await lastText(phone) }, meta());
    if (!added.ok) throw new Error(added.message);
    return { customer, session, account, phone, factorId: added.value.factorId };
  }

  it("adds a phone only once the code texted to it comes back, names it, and counts this session as past it", async () => {
    const customer = await insertCustomer(t.db);
    const session = await insertSession(t.db, customer.userId);
    const account = { userId: customer.userId, sessionId: session.id };
    const phone = newPhone();
    const started = await startPhoneFactor(platform, account, { phone: `(360) 555-${phone.slice(-4)}`, friendlyName: "  Work phone " }, meta());
    expect(started).toMatchObject({ ok: true, value: { phone, friendlyName: "Work phone" }, toast: { title: "Check your phone" } });
    const code = await lastText(phone);
    expect(await flagOf(customer.userId)).toBe(false);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect(await verifyPhoneFactor(platform, account, { phone, friendlyName: "Work phone", code: wrong }, meta())).toMatchObject({ ok: false, status: 401, fieldErrors: { code: expect.any(Array) } });
    // The code proves the number it went to, not another typed with it.
    expect(await verifyPhoneFactor(platform, account, { phone: newPhone(), friendlyName: "Work phone", code }, meta())).toMatchObject({ ok: false, message: PHONE_FACTOR_MISMATCH_MESSAGE });
    expect(await factorsOf(customer.userId)).toEqual([]);

    // The mismatch spent the code: a new one (60 s later) is needed.
    platform.clock.advance(61_000);
    await startPhoneFactor(platform, account, { phone, friendlyName: "Work phone" }, meta());
    const added = await verifyPhoneFactor(platform, account, { phone, friendlyName: "Work phone", code: await lastText(phone) }, meta());
    expect(added).toMatchObject({ ok: true, toast: { title: "Phone added" } });
    expect(await factorsOf(customer.userId)).toMatchObject([{ kind: "phone", friendlyName: "Work phone", phoneNumber: phone }]);
    expect(await flagOf(customer.userId)).toBe(true);
    const [own] = await t.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(own!.secondFactorAt).toBeInstanceOf(Date);
    const [audit] = await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.userId, customer.userId), eq(securityAuditLog.eventType, "2fa_factor_added")));
    expect(audit!.eventDetails).toEqual({ kind: "phone", name: "Work phone" });
    // The same number twice: refused.
    expect(await startPhoneFactor(platform, account, { phone, friendlyName: "Again" }, meta())).toMatchObject({ ok: false, status: 409, message: PHONE_FACTOR_EXISTS_MESSAGE });
  });

  it("keeps several factors, each named: an authenticator app beside a phone", async () => {
    const { customer, account } = await sponsorWithPhone();
    const started = await startTwoFactorSetup(platform, account);
    if (!started.ok) throw new Error(started.message);
    const confirmed = await confirmTwoFactorSetup(platform, account, { code: totpCodeAt(started.value.secret, platform.clock.now()), friendlyName: "Aegis" }, meta());
    expect(confirmed).toMatchObject({ ok: true, value: { backupCodes: expect.any(Array) } });
    expect((await factorsOf(customer.userId)).map((f) => [f.kind, f.friendlyName])).toEqual([
      ["phone", "My phone"],
      ["totp", "Aegis"],
    ]);
  });

  it("texts a sign-in's code to the phone factor (challenge) and accepts it once at the code step (verify)", async () => {
    const { customer, phone, factorId } = await sponsorWithPhone();
    const waiting = await insertSession(t.db, customer.userId);
    const pending = { userId: customer.userId, email: customer.email, sessionId: waiting.id, createdAt: waiting.createdAt };
    platform.clock.advance(61_000);
    expect(await challengePhoneFactor(platform, pending, { factorId }, meta())).toMatchObject({ ok: true, value: { shown: maskPhone(phone) } });
    const code = await lastText(phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect(await completeSecondFactor(platform, pending, { method: "sms", code: wrong }, "password", meta(), "customer")).toMatchObject({ ok: false, status: 401 });
    expect(await completeSecondFactor(platform, pending, { method: "sms", code }, "password", meta(), "customer")).toMatchObject({ ok: true, value: { headers: expect.any(Headers) } });
    // The waiting session is replaced, not upgraded.
    expect(await t.db.select().from(sessions).where(eq(sessions.id, waiting.id))).toEqual([]);
    expect((await factorsOf(customer.userId))[0]!.lastUsedAt).toBeInstanceOf(Date);
    // Spent.
    expect(await completeSecondFactor(platform, pending, { method: "sms", code }, "password", meta(), "customer")).toMatchObject({ ok: false });
    // Staff give their code at their own door; a sponsor's code step is not theirs.
    const admin = await insertUser(t.db);
    const adminSession = await insertSession(t.db, admin.userId);
    const adminPending = { userId: admin.userId, email: admin.email, sessionId: adminSession.id, createdAt: adminSession.createdAt };
    expect(await completeSecondFactor(platform, adminPending, { method: "totp", code: "123456" }, "password", meta(), "customer")).toMatchObject({ ok: false, status: 403 });
  });

  it("staff add a phone on their Security page and give its texted code at the admin door", async () => {
    const password = "Orchard-Lantern-Thistle-58";
    const admin = await insertUser(t.db, { password });
    const own = await insertSession(t.db, admin.userId);
    const account = { userId: admin.userId, email: admin.email, sessionId: own.id, session: sessionRef(own, admin.userId) };
    const phone = newPhone();
    // The forms as /admin/security answers them (admin/security.tsx: answerTwoStepForm, the site's rule for staff).
    const rules = { required: false };
    const sent = await answerTwoStepForm(platform, account, TWO_STEP_INTENTS.addPhone, { phone, friendlyName: "Work phone" }, meta(), rules);
    expect(sent).toMatchObject({ ok: true, value: { phoneSent: { phone, friendlyName: "Work phone" } } });
    expect(await factorsOf(admin.userId)).toEqual([]);
    const added = await answerTwoStepForm(platform, account, TWO_STEP_INTENTS.verifyPhone, { phone, friendlyName: "Work phone", code: await lastText(phone) }, meta(), rules);
    expect(added).toMatchObject({ ok: true, toast: { title: "Phone added" } });
    const [factor] = await factorsOf(admin.userId);
    expect(factor).toMatchObject({ kind: "phone", phoneNumber: phone, friendlyName: "Work phone" });
    expect(await flagOf(admin.userId)).toBe(true);

    // The admin door: the password leaves a session waiting for the second step; the phone is offered
    // with its number hidden, texted on request, and its code lets the staff member in.
    const stateOf = async (headers: Headers) => (await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieOf(headers) } }))).state;
    const first = await signInWithPassword(platform, "admin", { email: admin.email, password }, meta());
    if (!first.ok) throw new Error(first.message);
    expect(first.value.secondFactorRequired).toBe(true);
    const waiting = await stateOf(first.value.headers);
    expect(waiting.actor.kind).toBe("anonymous");
    expect(await phonesForSignIn(platform, admin.userId)).toEqual([{ id: factor!.id, friendlyName: "Work phone", shown: maskPhone(phone) }]);
    platform.clock.advance(61_000);
    expect(await challengePhoneFactor(platform, waiting.pendingSecondFactor, { factorId: factor!.id }, meta())).toMatchObject({ ok: true, value: { shown: maskPhone(phone) } });
    const code = await lastText(phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect(await completeSecondFactor(platform, waiting.pendingSecondFactor, { method: "sms", code: wrong }, "password", meta())).toMatchObject({ ok: false, status: 401 });
    const passed = await completeSecondFactor(platform, waiting.pendingSecondFactor, { method: "sms", code }, "password", meta());
    if (!passed.ok) throw new Error(passed.message);
    expect((await stateOf(passed.value.headers)).actor).toMatchObject({ kind: "staff", userId: admin.userId });
    expect((await factorsOf(admin.userId))[0]!.lastUsedAt).toBeInstanceOf(Date);
  });

  it("asks for the second factor after every first one (aal2), a passkey counting as both; the code step then issues a new token and ends the waiting one", async () => {
    const password = "quiet-hive-meadow-42";
    const email = `aal2-${Date.now()}@example.com`;
    const signedUp = await signUpCustomer(platform, { email, password }, meta());
    if (!signedUp.ok) throw new Error(signedUp.message);
    const { userId } = signedUp.value;
    const own = await insertSession(t.db, userId);
    const phone = newPhone();
    const account = { userId, email, sessionId: own.id };
    await startPhoneFactor(platform, account, { phone, friendlyName: "Phone" }, meta());
    expect(await verifyPhoneFactor(platform, account, { phone, friendlyName: "Phone", code: await lastText(phone) }, meta())).toMatchObject({ ok: true });
    // An authenticator app beside it gives the code step a code each time (texts to one number are few an hour).
    const app = await startTwoFactorSetup(platform, { ...account, session: sessionRef(own, userId) });
    if (!app.ok) throw new Error(app.message);
    expect(await confirmTwoFactorSetup(platform, account, { code: totpCodeAt(app.value.secret, platform.clock.now()) }, meta())).toMatchObject({ ok: true });
    // The number is also a way in (phone sign-in) for this account.
    await t.db.insert(accounts).values({ id: crypto.randomUUID(), userId, providerId: "phone", accountId: phone });

    const stateOf = async (headers: Headers) => (await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieOf(headers) } }))).state;
    /** The first step leaves a session waiting for the code; the code step replaces it with a new one (ASVS 7.2.4). */
    const expectWaiting = async (outcome: { ok: boolean; value?: { headers: Headers; secondFactorRequired: boolean } }) => {
      expect(outcome).toMatchObject({ ok: true, value: { secondFactorRequired: true } });
      const waiting = outcome.value!.headers;
      const state = await stateOf(waiting);
      expect(state.actor.kind).toBe("anonymous");
      expect(state.pendingSecondFactor).toMatchObject({ userId });

      // Each 30-second step's code is spent once.
      platform.clock.advance(30_000);
      const passed = await completeSecondFactor(platform, state.pendingSecondFactor, { method: "totp", code: totpCodeAt(app.value.secret, platform.clock.now()) }, "password", meta(), "customer");
      if (!passed.ok) throw new Error(passed.message);
      expect(cookieOf(passed.value.headers)).not.toBe(cookieOf(waiting));
      expect((await stateOf(passed.value.headers)).actor).toMatchObject({ kind: "customer", userId });
      // The token from before the code is worth nothing now: neither signed in nor still waiting.
      expect(await stateOf(waiting)).toEqual({ actor: { kind: "anonymous" } });
      expect(await t.db.select().from(sessions).where(eq(sessions.id, state.pendingSecondFactor!.sessionId))).toEqual([]);
    };

    await expectWaiting(await signInWithPassword(platform, "customer", { email, password }, meta()));

    platform.clock.advance(61_000);
    await requestEmailCode(platform, { email }, meta(), "/sponsor-profile");
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(desc(outboxMessages.id)).limit(1);
    await expectWaiting(await signInWithEmailCode(platform, { email, code: /^(\d{6}) is your Apiary sign-in code$/.exec(mail!.subject)![1]! }, meta()));

    platform.clock.advance(61_000);
    expect(await requestPhoneCode(platform, { phone }, meta())).toMatchObject({ ok: true });
    const [signInText] = await t.db.select().from(smsOutbox).where(and(eq(smsOutbox.to, phone), eq(smsOutbox.purpose, "sign-in-code"))).orderBy(desc(smsOutbox.id)).limit(1);
    await expectWaiting(await signInWithPhoneCode(platform, { phone, code: /^(\d{6})/.exec(signInText!.body)![1] }, meta()));

    // A wallet's signature and a Google ID token both end in signInVerified once checked.
    await t.db.insert(accounts).values({ id: crypto.randomUUID(), userId, providerId: "ethereum", accountId: "0xabc0000000000000000000000000000000000001" });
    await expectWaiting(await signInVerified(platform, { providerId: "ethereum", accountId: "0xabc0000000000000000000000000000000000001", email, emailVerified: false, name: "" }, "customer", meta()));

    // A passkey is both factors at once: in without a code.
    const passkey = await openProvenSession(platform, userId, meta(), "passkey");
    if (!passkey.ok) throw new Error(passkey.message);
    expect((await stateOf(passkey.value.headers)).actor).toMatchObject({ kind: "customer", userId });
  });

  it("removes a factor only after a fresh proof; the last one gone, sign-ins ask for one step and waiting sessions end", async () => {
    const { customer, session, factorId } = await sponsorWithPhone();
    const waiting = await insertSession(t.db, customer.userId);
    const stale = { userId: customer.userId, sessionId: session.id, session: { ...sessionRef(session, customer.userId), createdAt: new Date(platform.clock.now() - FRESH_PROOF_MS - 1000) } };
    await t.db.update(sessions).set({ createdAt: stale.session.createdAt, secondFactorAt: stale.session.createdAt }).where(eq(sessions.id, session.id));
    expect(await removeFactor(platform, stale, { factorId }, meta(), { required: false })).toMatchObject({ ok: false, status: 401, fieldErrors: { freshProof: [CONFIRM_IT_IS_YOU_FIRST] } });
    expect(await factorsOf(customer.userId)).toHaveLength(1);

    const fresh = { ...stale, session: sessionRef({ id: session.id, createdAt: new Date(platform.clock.now()) }, customer.userId) };
    // Someone the site requires to keep one cannot remove the last: nothing changes.
    expect(await removeFactor(platform, fresh, { factorId }, meta(), { required: true })).toMatchObject({ ok: false, status: 403, message: TWO_FACTOR_REQUIRED_MESSAGE });
    expect(await factorsOf(customer.userId)).toHaveLength(1);
    expect(await flagOf(customer.userId)).toBe(true);

    expect(await removeFactor(platform, fresh, { factorId }, meta(), { required: false })).toMatchObject({ ok: true, toast: { title: "Second factor removed" } });
    expect(await factorsOf(customer.userId)).toEqual([]);
    expect(await flagOf(customer.userId)).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, waiting.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, session.id))).toHaveLength(1);
    // Already gone.
    expect(await removeFactor(platform, fresh, { factorId }, meta(), { required: false })).toMatchObject({ ok: false, status: 404 });
  });

  it("lets staff who may update users reset someone's factors, audited, ending their sessions; an administrator's only by another administrator", async () => {
    const { customer } = await sponsorWithPhone();
    const helper = await insertStaff(t.db, { users: ["view", "update"] });
    const reset = await resetFactorsByStaff(as(helper), "users", { userId: customer.userId });
    expect(reset).toMatchObject({ ok: true, toast: { title: "Second factors reset" } });
    expect(await factorsOf(customer.userId)).toEqual([]);
    expect(await flagOf(customer.userId)).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, customer.userId))).toEqual([]);
    const [audit] = await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.recordId, customer.userId), eq(securityAuditLog.eventType, "2fa_reset_by_staff")));
    expect(audit).toMatchObject({ userId: helper.userId, module: "users", eventDetails: { email: customer.email, factorsRemoved: 1, sessionsEnded: true } });
    // The person is told, with their own login page.
    const [notice] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email));
    expect(notice).toMatchObject({ subject: "Two-factor authentication was turned off for your account" });
    expect(JSON.stringify(notice)).toContain("/customer-auth");

    // Without users update: refused by the permission itself.
    const viewer = await insertStaff(t.db, { users: ["view"] });
    await expect(resetFactorsByStaff(as(viewer), "users", { userId: customer.userId })).rejects.toThrow();

    const admin = await insertUser(t.db);
    await t.db.update(profiles).set({ is2faEnabled: true }).where(eq(profiles.id, admin.userId));
    expect(await resetFactorsByStaff(as(helper), "users", { userId: admin.userId })).toMatchObject({ ok: false, status: 403, message: FACTOR_RESET_ADMIN_ONLY_MESSAGE });
    expect(await resetFactorsByStaff(as(admin), "users", { userId: admin.userId })).toMatchObject({ ok: false, status: 403, message: FACTOR_RESET_SELF_MESSAGE });
    expect(await flagOf(admin.userId)).toBe(true);

    // A second administrator, with a fresh proof.
    const second = await insertUser(t.db);
    const staleCtx = { ...as(second), session: { id: "s", token: "", userId: second.userId, createdAt: new Date(platform.clock.now() - FRESH_PROOF_MS - 1000) } };
    expect(await resetFactorsByStaff(staleCtx, "users", { userId: admin.userId })).toMatchObject({ ok: false, status: 401, fieldErrors: { freshProof: [CONFIRM_IT_IS_YOU_FIRST] } });
    expect(await resetFactorsByStaff(as(second), "users", { userId: admin.userId })).toMatchObject({ ok: true });
    expect(await flagOf(admin.userId)).toBe(false);
  });
});
