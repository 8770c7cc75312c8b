import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCREEN_SERVERS } from "~/features/back-office/screens.server";
import { outboxMessages, securityAuditLog, sessions } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer, insertSession, insertUser } from "../../../tests/factories/accounts";
import { SoftwareAuthenticator } from "../../../tests/factories/software-authenticator";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, createTestPlatform, testMeta } from "../../../tests/setup/platform";
import type { TestClock } from "../../../tests/setup/test-clock";
import {
  CONFIRM_IT_IS_YOU_FIRST,
  FRESH_PROOF_MS,
  freshProofWays,
  needsFreshProof,
  NOT_YOUR_PASSWORD,
  PROOF_CODE_ENDED,
  proveItIsYou,
  sendFreshProofCode,
  WAY_NOT_AVAILABLE,
  WRONG_PROOF_CODE,
} from "./fresh-proof.server";
import { finishPasskeyRegistration, startPasskeyProof, startPasskeyRegistration } from "./passkeys.server";
import { totpCodeAt } from "./totp";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "./two-factor.server";

const OWN_PASSWORD = "Quarry-Violet-Harbour-61";
const SITE = { origin: "http://127.0.0.1:3999", rpID: "127.0.0.1" };

describe.each(testEngines())("confirming it's you (GET /reauthenticate) on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform & { clock: TestClock };
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  const meta = () => testMeta();
  /** A session signed in longer ago than the window: every guarded change asks for a proof. */
  async function staleSession(userId: string) {
    const { id, createdAt } = await insertSession(t.db, userId, { createdAt: new Date(platform.clock.now() - FRESH_PROOF_MS - 60_000) });
    return { id, token: "", userId, createdAt };
  }
  const events = async (userId: string) =>
    (await t.db.select({ type: securityAuditLog.eventType, details: securityAuditLog.eventDetails }).from(securityAuditLog).where(eq(securityAuditLog.userId, userId))).filter((e) =>
      ["reauthenticated", "reauthentication_failed"].includes(e.type),
    );

  it("a staff member's stale session is refused a password reset under `freshProof`; a password proof lets the same form through, for five minutes", async () => {
    const admin = await insertUser(t.db, { password: OWN_PASSWORD });
    const { id, createdAt } = await insertSession(t.db, admin.userId, { createdAt: new Date(platform.clock.now()) });
    const session = { id, token: "", userId: admin.userId, createdAt };
    const ctx = { ...actingAs(() => platform)(admin), session };
    const sponsor = await insertCustomer(t.db);
    const resetPassword = SCREEN_SERVERS.users!.commands["reset-password"]!;
    const input = { userId: sponsor.userId, newPassword: "Orchard-Lantern-Thistle-58", confirmPassword: "Orchard-Lantern-Thistle-58" };

    expect(await needsFreshProof(platform, session)).toBe(false);
    platform.clock.advance(FRESH_PROOF_MS + 1_000);
    expect(await resetPassword(ctx, input)).toEqual({ ok: false, status: 401, message: CONFIRM_IT_IS_YOU_FIRST, fieldErrors: { freshProof: [CONFIRM_IT_IS_YOU_FIRST] } });
    expect(await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.recordId, sponsor.userId), eq(securityAuditLog.eventType, "password_reset_by_staff")))).toEqual([]);

    expect(await proveItIsYou(platform, session, { way: "password", password: "not-it-at-all" }, meta())).toMatchObject({ ok: false, status: 401, fieldErrors: { password: [NOT_YOUR_PASSWORD] } });
    expect(await proveItIsYou(platform, session, { way: "password", password: OWN_PASSWORD }, meta())).toMatchObject({ ok: true });
    const [row] = await t.db.select({ provenAt: sessions.provenAt }).from(sessions).where(eq(sessions.id, id));
    expect(row!.provenAt!.getTime()).toBe(platform.clock.now());
    const recorded = (await events(admin.userId)).map((e) => [e.type, (e.details as { way: string }).way]);
    expect(recorded).toHaveLength(2);
    expect(recorded).toEqual(expect.arrayContaining([["reauthentication_failed", "password"], ["reauthenticated", "password"]]));

    expect(await resetPassword(ctx, input)).toMatchObject({ ok: true });
    platform.clock.advance(FRESH_PROOF_MS - 1_000);
    expect(await resetPassword(ctx, input)).toMatchObject({ ok: true });
    platform.clock.advance(2_000);
    expect(await resetPassword(ctx, input)).toMatchObject({ ok: false, status: 401, fieldErrors: { freshProof: [CONFIRM_IT_IS_YOU_FIRST] } });
  });

  it("stops a stolen session guessing: after 5 wrong proofs of any way even the right password waits", async () => {
    const admin = await insertUser(t.db, { password: OWN_PASSWORD });
    const session = await staleSession(admin.userId);
    for (let i = 0; i < 4; i++) expect(await proveItIsYou(platform, session, { way: "password", password: `guess-${i}` }, meta())).toMatchObject({ ok: false, status: 401 });
    expect(await proveItIsYou(platform, session, { way: "email-code", code: "123456" }, meta())).toMatchObject({ ok: false, status: 401 });
    expect(await proveItIsYou(platform, session, { way: "password", password: OWN_PASSWORD }, meta())).toMatchObject({ ok: false, status: 429 });
    expect(await needsFreshProof(platform, session)).toBe(true);
  });

  it("offers only the ways the person has, and refuses the others", async () => {
    const customer = await insertCustomer(t.db, { emailVerified: false });
    expect(await freshProofWays(t.db, customer.userId)).toEqual({ ways: [], email: null });
    const session = await staleSession(customer.userId);
    expect(await proveItIsYou(platform, session, { way: "password", password: "anything-at-all" }, meta())).toMatchObject({ ok: false, status: 400, message: WAY_NOT_AVAILABLE });
    expect(await sendFreshProofCode(platform, session)).toMatchObject({ ok: false, status: 404, message: WAY_NOT_AVAILABLE });
    const verified = await insertCustomer(t.db);
    expect(await freshProofWays(t.db, verified.userId)).toEqual({ ways: ["email-code"], email: verified.email });
  });

  it("a 6-digit code by e-mail to the verified address: wrong, then right, spent once, and ended after 10 minutes", async () => {
    const customer = await insertCustomer(t.db);
    const session = await staleSession(customer.userId);
    expect(await sendFreshProofCode(platform, session)).toMatchObject({ ok: true, value: { email: customer.email } });
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email)).orderBy(desc(outboxMessages.id)).limit(1);
    const code = /^(\d{6}) is your code to confirm it's you$/.exec(mail!.subject)![1]!;
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await proveItIsYou(platform, session, { way: "email-code", code: wrong }, meta())).toMatchObject({ ok: false, fieldErrors: { code: [WRONG_PROOF_CODE] } });
    expect(await proveItIsYou(platform, session, { way: "email-code", code }, meta())).toMatchObject({ ok: true });
    expect(await needsFreshProof(platform, session)).toBe(false);
    expect(await proveItIsYou(platform, session, { way: "email-code", code }, meta())).toMatchObject({ ok: false, fieldErrors: { code: [PROOF_CODE_ENDED] } });

    // A code not used within its 10 minutes is over.
    platform.clock.advance(61_000);
    await sendFreshProofCode(platform, session);
    const [next] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, customer.email)).orderBy(desc(outboxMessages.id)).limit(1);
    platform.clock.advance(10 * 60 * 1000 + 1_000);
    expect(await proveItIsYou(platform, session, { way: "email-code", code: /^(\d{6})/.exec(next!.subject)![1]! }, meta())).toMatchObject({ ok: false, fieldErrors: { code: [PROOF_CODE_ENDED] } });
  });

  it("an authenticator code, for a person with 2FA on: spent once", async () => {
    const admin = await insertUser(t.db, { password: OWN_PASSWORD });
    const enrolling = await insertSession(t.db, admin.userId);
    const setup = await startTwoFactorSetup(platform, { ...admin, session: { id: enrolling.id, token: "", userId: admin.userId, createdAt: new Date(platform.clock.now()) } });
    if (!setup.ok) throw new Error(setup.message);
    await confirmTwoFactorSetup(platform, { ...admin, sessionId: enrolling.id }, { code: totpCodeAt(setup.value.secret, platform.clock.now()) }, meta());
    expect((await freshProofWays(t.db, admin.userId)).ways).toEqual(["password", "totp", "email-code"]);

    platform.clock.advance(30_000);
    const session = await staleSession(admin.userId);
    const code = totpCodeAt(setup.value.secret, platform.clock.now());
    expect(await proveItIsYou(platform, session, { way: "totp", code }, meta())).toMatchObject({ ok: true });
    expect(await proveItIsYou(platform, session, { way: "totp", code }, meta())).toMatchObject({ ok: false, fieldErrors: { code: [WRONG_PROOF_CODE] } });
  });

  it("a passkey of the person's own, answering a challenge issued to them: once", async () => {
    const customer = await insertCustomer(t.db);
    const key = new SoftwareAuthenticator();
    const registration = await startPasskeyRegistration(platform, customer);
    if (!registration.ok) throw new Error(registration.message);
    await finishPasskeyRegistration(platform, customer, { name: "Phone", response: JSON.stringify(key.create({ challenge: registration.value.challenge, user: registration.value.user }, SITE)) }, meta());
    expect((await freshProofWays(t.db, customer.userId)).ways).toEqual(["passkey", "email-code"]);

    const session = await staleSession(customer.userId);
    const options = await startPasskeyProof(platform, customer.userId);
    if (!options.ok) throw new Error(options.message);
    expect(options.value.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    const answer = JSON.stringify(key.get({ challenge: options.value.challenge }, SITE));
    expect(await proveItIsYou(platform, session, { way: "passkey", response: answer }, meta())).toMatchObject({ ok: true });
    // The challenge is spent: the same answer again is refused.
    expect(await proveItIsYou(platform, session, { way: "passkey", response: answer }, meta())).toMatchObject({ ok: false, status: 401 });

    // Someone else's challenge proves nothing for this person.
    const other = await insertCustomer(t.db);
    const otherKey = new SoftwareAuthenticator();
    const otherRegistration = await startPasskeyRegistration(platform, other);
    if (!otherRegistration.ok) throw new Error(otherRegistration.message);
    await finishPasskeyRegistration(platform, other, { name: "Laptop", response: JSON.stringify(otherKey.create({ challenge: otherRegistration.value.challenge, user: otherRegistration.value.user }, SITE)) }, meta());
    const otherSession = await staleSession(other.userId);
    const theirs = await startPasskeyProof(platform, customer.userId);
    if (!theirs.ok) throw new Error(theirs.message);
    expect(await proveItIsYou(platform, otherSession, { way: "passkey", response: JSON.stringify(otherKey.get({ challenge: theirs.value.challenge }, SITE)) }, meta())).toMatchObject({ ok: false, status: 401 });
    expect(await needsFreshProof(platform, otherSession)).toBe(true);
  });
});
