import { and, desc, eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, passkeys, profiles, securityAuditLog, sessions, smsOutbox, sponsors, users } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { hashPassword } from "~/platform/security/password-hash.server";
import { insertCustomer, insertSession, type CustomerActor } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { createTestPlatform, testMeta } from "../../../tests/setup/platform";
import type { TestClock } from "../../../tests/setup/test-clock";
import { CONFIRM_IT_IS_YOU_FIRST, FRESH_PROOF_FIELD, FRESH_PROOF_MS } from "./fresh-proof.server";
import { accountLabel, placeholderEmail } from "./no-email";
import { removePasskey } from "./passkeys.server";
import { insertProvenCustomer } from "./proven-customer.server";
import {
  EMAIL_CODE_NOT_REMOVABLE,
  IDENTITY_NOT_FOUND,
  identityAlreadyExists,
  identityAlreadyYours,
  SINGLE_IDENTITY_NOT_DELETABLE,
  WALLET_LINK_STATEMENT,
  WAY_LINK_FAILED_TITLE,
  WAY_REMOVE_FAILED_TITLE,
} from "./sign-in-ways-messages";
import { googleLinkOutcome, linkPhone, linkWallet, listSignInWays, removeSignInWay, requestPhoneLink, startWalletLink } from "./sign-in-ways.server";
import { SIGN_IN_WAYS } from "./messages";

describe.each(testEngines())("sign-in ways on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform & { clock: TestClock };
  let address = 10;
  // Each test asks from an address of its own, so per-address limits stay one test's.
  const meta = () => testMeta(`198.51.100.${address++}`);
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  /** A customer signed in a moment ago (so removing needs no new proof), with the session the request carries. */
  async function signedIn(actor: CustomerActor) {
    const { id, createdAt } = await insertSession(t.db, actor.userId, { createdAt: new Date(platform.clock.now()) });
    return { id, token: "", userId: actor.userId, createdAt };
  }
  async function withPassword(actor: CustomerActor) {
    await t.db.insert(accounts).values({ id: crypto.randomUUID(), userId: actor.userId, accountId: actor.userId, providerId: "credential", password: await hashPassword("Lantern-Orchard-47") });
  }
  async function linkEthereum(actor: CustomerActor, wallet: PrivateKeyAccount, signer: CustomerActor = actor) {
    const challenge = await startWalletLink(platform, signer, { chain: "ethereum", address: wallet.address }, meta());
    if (!challenge.ok || challenge.value.chain !== "ethereum") throw new Error("no challenge");
    const message = challenge.value.message;
    return linkWallet(platform, actor, { chain: "ethereum", message, signature: await wallet.signMessage({ message }) }, meta());
  }
  const eventsOf = async (userId: string) =>
    await t.db.select({ type: securityAuditLog.eventType, details: securityAuditLog.eventDetails }).from(securityAuditLog).where(eq(securityAuditLog.userId, userId));
  /** The kinds of audit rows a person has, in name order (rows of one transaction share their time). */
  const eventTypesOf = async (userId: string) => (await eventsOf(userId)).map((event) => event.type).sort();
  const wayIdOf = async (userId: string, providerId: string) => (await t.db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, providerId))))[0]!.id;
  const sessionCount = async (userId: string) => (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  /** A session that proved who it is a moment ago (removals ask for a recent proof). */
  const justSignedIn = (userId: string) => ({ id: `session-of-${userId}`, token: "", userId, createdAt: new Date(platform.clock.now()) });

  it("lists the password, the e-mail code of a verified address, and each wallet; the e-mail code is not removable", async () => {
    const actor = await insertCustomer(t.db);
    await withPassword(actor);
    const wallet = privateKeyToAccount(generatePrivateKey());
    expect(await linkEthereum(actor, wallet)).toMatchObject({ ok: true, toast: { title: "Sign-in way added" } });
    const ways = await listSignInWays(t.db, actor.userId);
    expect(ways.map(({ kind, shown, removable }) => ({ kind, shown, removable }))).toEqual([
      { kind: "password", shown: "", removable: true },
      { kind: "ethereum", shown: `${wallet.address.slice(0, 6).toLowerCase()}…${wallet.address.slice(-4).toLowerCase()}`, removable: true },
      { kind: "email-code", shown: actor.email, removable: false },
    ]);
    // An address not yet verified is no way in.
    const unverified = await insertCustomer(t.db, { emailVerified: false });
    expect(await listSignInWays(t.db, unverified.userId)).toEqual([]);
  });

  it("links a wallet by its signature over a nonce issued to this account: the message says so, is spent once, and is no good for another account", async () => {
    const actor = await insertCustomer(t.db);
    const other = await insertCustomer(t.db);
    const wallet = privateKeyToAccount(generatePrivateKey());
    const challenge = await startWalletLink(platform, actor, { chain: "ethereum", address: wallet.address }, meta());
    if (!challenge.ok || challenge.value.chain !== "ethereum") throw new Error("no challenge");
    const message = challenge.value.message;
    expect(message).toContain(WALLET_LINK_STATEMENT);
    const signature = await wallet.signMessage({ message });

    // Signed for one account, posted by another's session: refused, nothing linked.
    expect(await linkWallet(platform, other, { chain: "ethereum", message, signature }, meta())).toMatchObject({ ok: false, status: 401, title: WAY_LINK_FAILED_TITLE, message: SIGN_IN_WAYS.expired });
    // A badly signed message is refused too.
    const forged = await privateKeyToAccount(generatePrivateKey()).signMessage({ message });
    expect(await linkWallet(platform, actor, { chain: "ethereum", message, signature: forged }, meta())).toMatchObject({ ok: false, status: 401 });
    // The forged try spent the nonce: the good signature, now, is too late.
    expect(await linkWallet(platform, actor, { chain: "ethereum", message, signature }, meta())).toMatchObject({ ok: false, message: SIGN_IN_WAYS.expired });
    expect(await t.db.select().from(accounts).where(eq(accounts.accountId, wallet.address.toLowerCase()))).toEqual([]);

    expect(await linkEthereum(actor, wallet)).toMatchObject({ ok: true });
    expect(await t.db.select({ userId: accounts.userId }).from(accounts).where(and(eq(accounts.providerId, "ethereum"), eq(accounts.accountId, wallet.address.toLowerCase())))).toEqual([
      { userId: actor.userId },
    ]);
    expect(await linkEthereum(actor, wallet)).toMatchObject({ ok: false, status: 409, message: identityAlreadyYours("ethereum") });
    // The forged signature and the late one were each recorded; the link once.
    expect(await eventTypesOf(actor.userId)).toEqual(["identity_link_failed", "identity_link_failed", "identity_linked"]);
    expect((await eventsOf(actor.userId)).find((event) => event.type === "identity_linked")!.details).toEqual({ provider: "ethereum", identity: wallet.address.toLowerCase() });
  });

  it("identity_already_exists: a wallet that is another account's way in is refused after its proof, and the session stays", async () => {
    const owner = await insertCustomer(t.db);
    const wallet = privateKeyToAccount(generatePrivateKey());
    expect(await linkEthereum(owner, wallet)).toMatchObject({ ok: true });
    const actor = await insertCustomer(t.db);
    await signedIn(actor);
    expect(await linkEthereum(actor, wallet)).toEqual({ ok: false, status: 409, title: WAY_LINK_FAILED_TITLE, message: identityAlreadyExists("ethereum") });
    expect(await t.db.select({ userId: accounts.userId }).from(accounts).where(eq(accounts.accountId, wallet.address.toLowerCase()))).toEqual([{ userId: owner.userId }]);
    expect(await sessionCount(actor.userId)).toBe(1);
    expect(await eventTypesOf(actor.userId)).toEqual(["identity_link_refused"]);
  });

  it("links a phone number by the code texted to it; a number that is another account's is refused after the code", async () => {
    const actor = await insertCustomer(t.db);
    const typed = "+1 360 555 0142";
    const sent = await requestPhoneLink(platform, actor, { phone: typed }, meta());
    expect(sent).toMatchObject({ ok: true, value: { phone: "+13605550142" } });
    const [text] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.to, "+13605550142")).orderBy(desc(smsOutbox.id)).limit(1);
    expect(text!.body).toMatch(/^\d{6} is your Apiary code to add this number to your account\./);
    const code = text!.body.slice(0, 6);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await linkPhone(platform, actor, { phone: typed, code: wrong }, meta())).toMatchObject({ ok: false, status: 401, fieldErrors: { code: [expect.any(String)] } });
    // Another account cannot spend this account's code.
    const stranger = await insertCustomer(t.db);
    expect(await linkPhone(platform, stranger, { phone: typed, code }, meta())).toMatchObject({ ok: false, status: 401 });
    expect(await linkPhone(platform, actor, { phone: typed, code }, meta())).toMatchObject({ ok: true, toast: { description: expect.stringContaining("+1 360 555 0142") } });
    expect(await t.db.select({ userId: accounts.userId }).from(accounts).where(and(eq(accounts.providerId, "phone"), eq(accounts.accountId, "+13605550142")))).toEqual([
      { userId: actor.userId },
    ]);

    // The same number, proven by someone else: theirs is refused, and the number stays with the first account.
    await requestPhoneLink(platform, stranger, { phone: typed }, meta());
    const [second] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.to, "+13605550142")).orderBy(desc(smsOutbox.id)).limit(1);
    expect(await linkPhone(platform, stranger, { phone: typed, code: second!.body.slice(0, 6) }, meta())).toEqual({
      ok: false,
      status: 409,
      title: WAY_LINK_FAILED_TITLE,
      message: identityAlreadyExists("phone"),
    });
  });

  it("a phone account changes its number: link the new one, remove the old, and the account is shown by the new number", async () => {
    const userId = await t.db.transaction((tx) => insertProvenCustomer(tx, { kind: "phone", phone: "+13605550150" }));
    const old = placeholderEmail("phone", "+13605550150");
    const actor: CustomerActor = { kind: "customer", userId, email: old, name: "", emailVerified: false };
    const session = await signedIn(actor);
    await requestPhoneLink(platform, actor, { phone: "+13605550151" }, meta());
    const [text] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.to, "+13605550151")).orderBy(desc(smsOutbox.id)).limit(1);
    expect(await linkPhone(platform, actor, { phone: "+13605550151", code: text!.body.slice(0, 6) }, meta())).toMatchObject({ ok: true });

    const oldWay = (await t.db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.accountId, "+13605550150"))))[0]!.id;
    expect(await removeSignInWay(platform, actor, session, { wayId: oldWay }, meta())).toMatchObject({ ok: true, toast: { title: "Sign-in way removed" } });
    const now = placeholderEmail("phone", "+13605550151");
    expect(await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId))).toEqual([{ email: now }]);
    expect(await t.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, userId))).toEqual([{ email: now }]);
    expect(await t.db.select({ email: sponsors.email }).from(sponsors).where(eq(sponsors.userId, userId))).toEqual([{ email: now }]);
    expect((await listSignInWays(t.db, userId)).map((way) => way.shown)).toEqual(["+1 360 555 0151"]);
    const unlinked = (await eventsOf(userId)).find((event) => event.type === "identity_unlinked");
    // A number is kept out of the audit trail, as a short hash.
    expect(unlinked?.details).toMatchObject({ provider: "phone", identity: expect.stringMatching(/^sha256:[0-9a-f]{16}$/) });
  });

  it("an account without e-mail whose phone goes, keeping only Google, names no way (not the removed number) until a wallet joins; the profile's phone is left", async () => {
    const number = "+13605550160";
    const userId = await t.db.transaction((tx) => insertProvenCustomer(tx, { kind: "phone", phone: number }));
    await t.db.insert(accounts).values({ id: crypto.randomUUID(), userId, providerId: "google", accountId: `google-${userId}` });
    const actor: CustomerActor = { kind: "customer", userId, email: placeholderEmail("phone", number), name: "", emailVerified: false };
    const session = await signedIn(actor);
    const emailsOf = async () => ({
      user: (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email,
      profile: (await t.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, userId)))[0]!.email,
      sponsor: (await t.db.select({ email: sponsors.email, phone: sponsors.phoneNumber }).from(sponsors).where(eq(sponsors.userId, userId)))[0]!,
    });

    expect(await removeSignInWay(platform, actor, session, { wayId: await wayIdOf(userId, "phone") }, meta())).toMatchObject({ ok: true });
    const { user, profile, sponsor } = await emailsOf();
    expect(user).toMatch(/^[0-9a-f]{32}@account\.no-email\.invalid$/);
    expect(accountLabel(user)).toBe(`No e-mail address (${user.slice(0, 8)})`);
    expect([profile, sponsor.email]).toEqual([user, user]);
    // The number is gone from the account's name, but stays the sponsor's contact number until they change it.
    expect(sponsor.phone).toBe(number);

    // A wallet linked later names the account again.
    const wallet = privateKeyToAccount(generatePrivateKey());
    expect(await linkEthereum({ ...actor, email: user }, wallet)).toMatchObject({ ok: true });
    expect((await emailsOf()).user).toBe(placeholderEmail("ethereum", wallet.address));
  });

  it("linking a phone fills the profile's phone when it is empty, and leaves one already given", async () => {
    const linkNumber = async (actor: CustomerActor, phone: string) => {
      await requestPhoneLink(platform, actor, { phone }, meta());
      const [text] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone)).orderBy(desc(smsOutbox.id)).limit(1);
      expect(await linkPhone(platform, actor, { phone, code: text!.body.slice(0, 6) }, meta())).toMatchObject({ ok: true });
    };
    const phonesOf = async (userId: string) => [
      (await t.db.select({ phone: profiles.phoneNumber }).from(profiles).where(eq(profiles.id, userId)))[0]!.phone,
      (await t.db.select({ phone: sponsors.phoneNumber }).from(sponsors).where(eq(sponsors.userId, userId)))[0]!.phone,
    ];
    const empty = await insertCustomer(t.db);
    await linkNumber(empty, "+13605550161");
    expect(await phonesOf(empty.userId)).toEqual(["+13605550161", "+13605550161"]);

    const given = await insertCustomer(t.db);
    await t.db.update(sponsors).set({ phoneNumber: "+1 425 555 0100" }).where(eq(sponsors.userId, given.userId));
    await t.db.update(profiles).set({ phoneNumber: "+1 425 555 0100" }).where(eq(profiles.id, given.userId));
    await linkNumber(given, "+13605550162");
    expect(await phonesOf(given.userId)).toEqual(["+1 425 555 0100", "+1 425 555 0100"]);
  });

  it("single_identity_not_deletable: the last way in stays, whether a wallet or a passkey, and the session stays", async () => {
    const actor = await insertCustomer(t.db, { emailVerified: false });
    const session = await signedIn(actor);
    const wallet = privateKeyToAccount(generatePrivateKey());
    expect(await linkEthereum(actor, wallet)).toMatchObject({ ok: true });
    const refused = await removeSignInWay(platform, actor, session, { wayId: await wayIdOf(actor.userId, "ethereum") }, meta());
    expect(refused).toEqual({ ok: false, status: 409, title: WAY_REMOVE_FAILED_TITLE, message: SINGLE_IDENTITY_NOT_DELETABLE });
    expect(await sessionCount(actor.userId)).toBe(1);

    // With a passkey as well, either may go, but not both.
    const [key] = await t.db
      .insert(passkeys)
      .values({ userId: actor.userId, credentialId: crypto.randomUUID(), publicKey: "AA", counter: 0, transports: [], deviceType: "singleDevice", backedUp: false, name: "Laptop" })
      .returning({ id: passkeys.id });
    expect(await removeSignInWay(platform, actor, session, { wayId: await wayIdOf(actor.userId, "ethereum") }, meta())).toMatchObject({ ok: true });
    expect(await removePasskey(platform, actor, justSignedIn(actor.userId), { passkeyId: key!.id }, meta())).toMatchObject({ ok: false, status: 409, message: SINGLE_IDENTITY_NOT_DELETABLE });
    expect(await t.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, actor.userId))).toHaveLength(1);
    expect(await eventTypesOf(actor.userId)).toEqual(["identity_linked", "identity_unlink_refused", "identity_unlinked"]);
  });

  it("identity_not_found: a way already removed, or someone else's, says so; the e-mail code is not removable here", async () => {
    const actor = await insertCustomer(t.db);
    await withPassword(actor);
    const session = await signedIn(actor);
    const wallet = privateKeyToAccount(generatePrivateKey());
    await linkEthereum(actor, wallet);
    const wayId = await wayIdOf(actor.userId, "ethereum");
    expect(await removeSignInWay(platform, actor, session, { wayId }, meta())).toMatchObject({ ok: true });
    expect(await removeSignInWay(platform, actor, session, { wayId }, meta())).toEqual({ ok: false, status: 404, title: WAY_REMOVE_FAILED_TITLE, message: IDENTITY_NOT_FOUND });

    const other = await insertCustomer(t.db);
    await withPassword(other);
    expect(await removeSignInWay(platform, actor, session, { wayId: await wayIdOf(other.userId, "credential") }, meta())).toMatchObject({ status: 404, message: IDENTITY_NOT_FOUND });
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, other.userId))).toHaveLength(1);

    const emailCodeRow = crypto.randomUUID();
    await t.db.insert(accounts).values({ id: emailCodeRow, userId: actor.userId, providerId: "email-code", accountId: actor.email });
    expect(await removeSignInWay(platform, actor, session, { wayId: emailCodeRow }, meta())).toMatchObject({ ok: false, status: 400, message: EMAIL_CODE_NOT_REMOVABLE });
    expect(await sessionCount(actor.userId)).toBe(1);
  });

  it("removing a way asks for a recent proof: over five minutes after the last one, refused under freshProof and nothing removed", async () => {
    const actor = await insertCustomer(t.db);
    await withPassword(actor);
    const session = await signedIn(actor);
    const wayId = await wayIdOf(actor.userId, "credential");
    platform.clock.advance(FRESH_PROOF_MS + 1_000);
    try {
      expect(await removeSignInWay(platform, actor, session, { wayId }, meta())).toEqual({
        ok: false,
        status: 401,
        title: WAY_REMOVE_FAILED_TITLE,
        message: CONFIRM_IT_IS_YOU_FIRST,
        fieldErrors: { [FRESH_PROOF_FIELD]: [CONFIRM_IT_IS_YOU_FIRST] },
      });
      expect(await removeSignInWay(platform, actor, undefined, { wayId }, meta())).toMatchObject({ ok: false, status: 401 });
      expect(await t.db.select().from(accounts).where(eq(accounts.id, wayId))).toHaveLength(1);
      // A proof given again in this session opens the next five minutes: the password goes (the e-mail code remains).
      await t.db.update(sessions).set({ provenAt: new Date(platform.clock.now()) }).where(eq(sessions.id, session.id));
      expect(await removeSignInWay(platform, actor, session, { wayId }, meta())).toMatchObject({ ok: true, toast: { description: "Your password can no longer sign you in." } });
      expect((await listSignInWays(t.db, actor.userId)).map((way) => way.kind)).toEqual(["email-code"]);
    } finally {
      platform.clock.advance(-(FRESH_PROOF_MS + 1_000));
    }
  });

  it("the return from Google: another person's Google account is identity_already_exists; success is said (and audited once) only when the link is there", async () => {
    const actor = await insertCustomer(t.db);
    const refused = await googleLinkOutcome(t.db, actor, new URLSearchParams({ error: "account_already_linked_to_different_user" }), meta());
    expect(refused).toMatchObject({ title: WAY_LINK_FAILED_TITLE, description: identityAlreadyExists("google"), variant: "error" });
    // A made-up "linked" says nothing.
    expect(await googleLinkOutcome(t.db, actor, new URLSearchParams({ google: "linked" }), meta())).toBeNull();
    await t.db.insert(accounts).values({ id: crypto.randomUUID(), userId: actor.userId, providerId: "google", accountId: "google-subject-1" });
    for (let i = 0; i < 2; i++) expect(await googleLinkOutcome(t.db, actor, new URLSearchParams({ google: "linked" }), meta())).toMatchObject({ title: "Sign-in way added" });
    expect(await eventTypesOf(actor.userId)).toEqual(["identity_link_refused", "identity_linked"]);
    expect((await listSignInWays(t.db, actor.userId)).map((way) => way.kind)).toEqual(["google", "email-code"]);
  });
});
