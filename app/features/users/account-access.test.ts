import { and, desc, eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DISABLED_MESSAGE } from "~/features/accounts/account-disabled";
import { requestEmailCode, signInWithEmailCode } from "~/features/accounts/email-code.server";
import { issueIdTokenNonce, signInWithIdToken } from "~/features/accounts/google-id-token.server";
import { googleSignInFailed, LOGIN_FAILED_TITLE } from "~/features/accounts/messages";
import { finishPasskeyRegistration, signInWithPasskey, startPasskeyRegistration, startPasskeySignIn } from "~/features/accounts/passkeys.server";
import { ForbiddenError } from "~/features/accounts/permissions";
import { requestPhoneCode, signInWithPhoneCode } from "~/features/accounts/phone-code.server";
import { resolveAuthState } from "~/features/accounts/session.server";
import { signInWithPassword } from "~/features/accounts/sign-in.server";
import { signInWithWallet, startWalletSignIn } from "~/features/accounts/wallet-sign-in.server";
import { SCREEN_SERVERS } from "~/features/back-office/screens.server";
import { accounts, outboxMessages, securityAuditLog, sessions, smsOutbox, users } from "~/platform/db/schema";
import type { Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { hashPassword } from "~/platform/security/password-hash.server";
import { GOOGLE_CLIENT, startGoogleProvider } from "../../../tests/e2e/google-provider";
import { insertCustomer, insertSession, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { SoftwareAuthenticator } from "../../../tests/factories/software-authenticator";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { actingAs, cookieOf, createTestPlatform, testMeta } from "../../../tests/setup/platform";
import { freePort } from "../../../tests/setup/server-process";
import { LAST_ADMIN_DISABLE, OWN_ACCOUNT_DISABLE, OWN_SESSIONS_HERE, BACK_OFFICE_ACCESS_ADMIN_ONLY } from "./account-access.server";

const PASSWORD = "Quarry-Violet-Harbour-61";
const SITE = { origin: "http://127.0.0.1:3999", rpID: "127.0.0.1" };
type Provider = Awaited<ReturnType<typeof startGoogleProvider>>;

describe("ending sessions and disabling accounts from User Management", () => {
  let provider: Provider;
  beforeAll(async () => {
    provider = await startGoogleProvider(await freePort());
  });
  afterAll(() => provider?.());

  describe.each(testEngines())("on $name", ({ open }) => {
    let t: TestDatabase;
    let platform: Platform;
    let n = 10;
    const meta = () => testMeta(`198.51.100.${n++}`);
    beforeAll(async () => {
      t = await open();
      platform = createTestPlatform(t, {
        GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
        GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
        GOOGLE_DISCOVERY_URL: `${provider.issuer}/.well-known/openid-configuration`,
      });
    });
    afterAll(() => t?.dispose());

    const as = actingAs(() => platform);
    const endSessions = SCREEN_SERVERS.users!.commands["end-sessions"]!;
    const accountAccess = SCREEN_SERVERS.users!.commands["account-access"]!;
    const sessionCount = async (userId: string) => (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
    const auditOf = (recordId: string, type: string) => t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.recordId, recordId), eq(securityAuditLog.eventType, type)));

    it("End Sessions signs the person out on every device, nobody else, and records it", async () => {
      const admin = await insertUser(t.db);
      const sponsor = await insertCustomer(t.db);
      const bystander = await insertCustomer(t.db);
      await insertSession(t.db, sponsor.userId);
      await insertSession(t.db, sponsor.userId);
      await insertSession(t.db, bystander.userId);
      expect(await endSessions(as(admin), { userId: sponsor.userId })).toMatchObject({ ok: true, value: { ended: 2 }, toast: { title: "Sessions ended" } });
      expect(await sessionCount(sponsor.userId)).toBe(0);
      expect(await sessionCount(bystander.userId)).toBe(1);
      const [audit] = await auditOf(sponsor.userId, "sessions_ended_by_staff");
      expect(audit).toMatchObject({ userId: admin.userId, module: "users", eventDetails: { sessionsEnded: 2, email: sponsor.email } });
      // One's own are ended from one's own Security page, not here.
      expect(await endSessions(as(admin), { userId: admin.userId })).toMatchObject({ ok: false, status: 409, message: OWN_SESSIONS_HERE });
    });

    it("needs users update; a back-office account only by an administrator", async () => {
      const sponsorsOnly = await insertStaff(t.db, { sponsors: ["view", "update"], users: ["view"] });
      const usersEditor = await insertStaff(t.db, { users: ["view", "update"] });
      const sponsor = await insertCustomer(t.db);
      const otherAdmin = await insertUser(t.db);
      await expect(endSessions(as(sponsorsOnly), { userId: sponsor.userId })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(accountAccess(as(sponsorsOnly), { userId: sponsor.userId, access: "disable" })).rejects.toBeInstanceOf(ForbiddenError);
      expect(await accountAccess(as(usersEditor), { userId: otherAdmin.userId, access: "disable" })).toMatchObject({ ok: false, status: 403, message: BACK_OFFICE_ACCESS_ADMIN_ONLY });
      expect(await endSessions(as(usersEditor), { userId: otherAdmin.userId })).toMatchObject({ ok: false, status: 403, message: BACK_OFFICE_ACCESS_ADMIN_ONLY });
      expect(await accountAccess(as(usersEditor), { userId: sponsor.userId, access: "disable" })).toMatchObject({ ok: true });
      const [row] = await t.db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, otherAdmin.userId));
      expect(row!.disabledAt).toBeNull();
    });

    it("nobody disables themselves, nor the last administrator who can still sign in", async () => {
      const admin = await insertUser(t.db);
      expect(await accountAccess(as(admin), { userId: admin.userId, access: "disable" })).toMatchObject({ ok: false, status: 409, message: OWN_ACCOUNT_DISABLE });
      // Disable every other administrator of this database but one, then that one is the last.
      const others = await t.db.select({ id: users.id }).from(users);
      const second = await insertUser(t.db);
      for (const { id } of others) if (id !== admin.userId) await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, id));
      expect(await accountAccess(as(second), { userId: admin.userId, access: "disable" })).toMatchObject({ ok: true });
      // `second` is now the only administrator able to sign in: `admin` (disabled) cannot shut them out…
      expect(await accountAccess(as(second), { userId: second.userId, access: "disable" })).toMatchObject({ ok: false, message: OWN_ACCOUNT_DISABLE });
      const third = await insertUser(t.db);
      await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, third.userId));
      // …and nor can a disabled administrator's command: `second` stays.
      expect(await accountAccess(as(admin), { userId: second.userId, access: "disable" })).toMatchObject({ ok: false, status: 409, message: LAST_ADMIN_DISABLE });
      for (const { id } of others) await t.db.update(users).set({ disabledAt: null }).where(eq(users.id, id));
    });

    /** Disables the account as an administrator: its sessions end and the change is recorded. */
    async function disable(userId: string) {
      const admin = await insertUser(t.db);
      await insertSession(t.db, userId);
      expect(await accountAccess(as(admin), { userId, access: "disable" })).toMatchObject({ ok: true, value: { disabled: true }, toast: { title: "Account disabled" } });
      expect(await sessionCount(userId)).toBe(0);
      expect(await auditOf(userId, "account_disabled")).toHaveLength(1);
      return async () => {
        expect(await accountAccess(as(admin), { userId, access: "enable" })).toMatchObject({ ok: true, value: { disabled: false }, toast: { title: "Account enabled" } });
        expect(await auditOf(userId, "account_enabled")).toHaveLength(1);
      };
    }
    /** A sign-in refused as disabled: the spec's Login Failed, the reason said, no session, and recorded. */
    async function expectRefused(result: Result<unknown>, userId: string) {
      expect(result).toMatchObject({ ok: false, status: 403, title: LOGIN_FAILED_TITLE, message: ACCOUNT_DISABLED_MESSAGE });
      expect(await sessionCount(userId)).toBe(0);
    }
    async function expectSignedIn(result: Result<{ headers: Headers }>, userId: string) {
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const { state } = await resolveAuthState(platform, new Request(`${SITE.origin}/`, { headers: { cookie: cookieOf(result.value.headers) } }));
      expect(state.actor).toMatchObject({ userId });
    }

    it("a disabled account cannot sign in with its password, and says why; enabled, it can", async () => {
      const sponsor = await insertCustomer(t.db);
      await t.db.insert(accounts).values({ id: crypto.randomUUID(), userId: sponsor.userId, accountId: sponsor.userId, providerId: "credential", password: await hashPassword(PASSWORD) });
      const enable = await disable(sponsor.userId);
      await expectRefused(await signInWithPassword(platform, "customer", { email: sponsor.email, password: PASSWORD }, meta()), sponsor.userId);
      const [refused] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.eventType, "login_refused")).orderBy(desc(securityAuditLog.createdAt)).limit(1);
      expect(refused?.eventDetails).toMatchObject({ reason: "account_disabled", method: "password", email: sponsor.email });
      await enable();
      await expectSignedIn(await signInWithPassword(platform, "customer", { email: sponsor.email, password: PASSWORD }, meta()), sponsor.userId);
    });

    it("a disabled account cannot sign in with an e-mailed code", async () => {
      const sponsor = await insertCustomer(t.db);
      const code = async () => {
        await requestEmailCode(platform, { email: sponsor.email }, meta(), "/");
        const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, sponsor.email)).orderBy(desc(outboxMessages.id)).limit(1);
        return /^(\d{6}) is your Apiary sign-in code$/.exec(mail!.subject)![1]!;
      };
      const enable = await disable(sponsor.userId);
      await expectRefused(await signInWithEmailCode(platform, { email: sponsor.email, code: await code() }, meta()), sponsor.userId);
      await enable();
      (platform as Platform & { clock: { advance(ms: number): void } }).clock.advance(61_000);
      await expectSignedIn(await signInWithEmailCode(platform, { email: sponsor.email, code: await code() }, meta()), sponsor.userId);
    });

    it("a disabled account cannot sign in with a texted code", async () => {
      const phone = `+1360555${String(1000 + n).slice(-4)}`;
      const code = async () => {
        await requestPhoneCode(platform, { phone }, meta());
        const [text] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone)).orderBy(desc(smsOutbox.id)).limit(1);
        return /^(\d{6}) is your Apiary sign-in code/.exec(text!.body)![1]!;
      };
      const first = await signInWithPhoneCode(platform, { phone, code: await code() }, meta());
      if (!first.ok) throw new Error(first.message);
      const userId = first.value.userId;
      const enable = await disable(userId);
      (platform as Platform & { clock: { advance(ms: number): void } }).clock.advance(61_000);
      await expectRefused(await signInWithPhoneCode(platform, { phone, code: await code() }, meta()), userId);
      await enable();
      (platform as Platform & { clock: { advance(ms: number): void } }).clock.advance(61_000);
      await expectSignedIn(await signInWithPhoneCode(platform, { phone, code: await code() }, meta()), userId);
    });

    it("a disabled account cannot sign in with its wallet", async () => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const signIn = async () => {
        const challenge = await startWalletSignIn(platform, { chain: "ethereum", address: wallet.address, chainId: 1 }, meta());
        if (!challenge.ok || challenge.value.chain !== "ethereum") throw new Error("no challenge");
        const message = challenge.value.message;
        return signInWithWallet(platform, { chain: "ethereum", message, signature: await wallet.signMessage({ message }) }, meta());
      };
      const first = await signIn();
      if (!first.ok) throw new Error(first.message);
      const enable = await disable(first.value.userId);
      await expectRefused(await signIn(), first.value.userId);
      await enable();
      await expectSignedIn(await signIn(), first.value.userId);
    });

    it("a disabled account cannot sign in with a Google ID token", async () => {
      const email = `one-tap-${n}@example.com`;
      const signIn = async () => {
        const issued = await issueIdTokenNonce(platform, meta());
        if (!issued.ok) throw new Error("no nonce");
        const token = await provider.issueIdToken({ sub: `google-${email}`, email, email_verified: true, name: "One Tap", nonce: issued.value.nonce });
        return signInWithIdToken(platform, { provider: "google", id_token: token, door: "customer" }, meta());
      };
      const first = await signIn();
      if (!first.ok) throw new Error(first.message);
      const enable = await disable(first.value.userId);
      await expectRefused(await signIn(), first.value.userId);
      await enable();
      await expectSignedIn(await signIn(), first.value.userId);
    });

    it("a disabled account cannot sign in with a passkey", async () => {
      const sponsor = await insertCustomer(t.db);
      const key = new SoftwareAuthenticator();
      const options = await startPasskeyRegistration(platform, sponsor);
      if (!options.ok) throw new Error(options.message);
      const created = key.create({ challenge: options.value.challenge, user: options.value.user }, SITE);
      expect(await finishPasskeyRegistration(platform, sponsor, { name: "Laptop", response: JSON.stringify(created) }, meta())).toMatchObject({ ok: true });
      const signIn = async () => {
        const from = meta();
        const asked = await startPasskeySignIn(platform, "customer", from);
        if (!asked.ok) throw new Error(asked.message);
        return signInWithPasskey(platform, "customer", { response: JSON.stringify(key.get({ challenge: asked.value.challenge }, SITE)) }, from);
      };
      const enable = await disable(sponsor.userId);
      await expectRefused(await signIn(), sponsor.userId);
      await enable();
      await expectSignedIn(await signIn(), sponsor.userId);
    });

    it("Google's redirect sign-in comes back with a message that says the account is disabled", () => {
      // The redirect's callback ends in the same session hook; Better Auth sends its code back as ?error=.
      expect(googleSignInFailed("account_disabled")).toMatchObject({ description: ACCOUNT_DISABLED_MESSAGE });
    });
  });
});
