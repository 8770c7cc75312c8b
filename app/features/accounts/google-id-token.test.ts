import { generateKeyPair, SignJWT } from "jose";
import { and, eq } from "drizzle-orm";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, outboxMessages, profiles, securityAuditLog, sessions, sponsors, users } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { GOOGLE_CLIENT, startGoogleProvider } from "../../../tests/e2e/google-provider";
import { insertCustomer, insertUser } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { cookieOf, createTestPlatform, testMeta } from "../../../tests/setup/platform";
import { freePort } from "../../../tests/setup/server-process";
import { issueIdTokenNonce, issuerOfDiscoveryUrl, signInWithIdToken } from "./google-id-token.server";
import { ACCESS_DENIED_TITLE, ADMIN_REFUSED_MESSAGE, NOT_ADMIN_MESSAGE, SIGN_IN_WAYS } from "./messages";
import { resolveAuthState } from "./session.server";
import { tokenEndpoint } from "./token-endpoint.server";

type Provider = Awaited<ReturnType<typeof startGoogleProvider>>;

describe("Google ID token sign-in", () => {
  let provider: Provider;
  beforeAll(async () => {
    provider = await startGoogleProvider(await freePort());
  });
  afterAll(() => provider?.());

  describe.each(testEngines())("on $name", ({ open }) => {
    let t: TestDatabase;
    let platform: Platform;
    let n = 10;
    const meta = () => testMeta(`192.0.2.${n++}`);
    beforeAll(async () => {
      t = await open();
      platform = createTestPlatform(t, {
        GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
        GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
        GOOGLE_DISCOVERY_URL: `${provider.issuer}/.well-known/openid-configuration`,
      });
    });
    afterAll(() => t?.dispose());

    async function nonce() {
      const issued = await issueIdTokenNonce(platform, meta());
      if (!issued.ok) throw new Error("no nonce");
      return issued.value.nonce;
    }
    const person = (email: string, verified = true) => ({ sub: `google-${email}`, email, email_verified: verified, name: email.split("@")[0] });
    const signIn = (idToken: string, door: "customer" | "admin" = "customer", extra: Record<string, unknown> = {}) =>
      signInWithIdToken(platform, { provider: "google", id_token: idToken, door, ...extra }, meta());

    it("a token from the configured client makes a customer with Google's verified address, sponsor record and Google identity", async () => {
      const token = await provider.issueIdToken({ ...person("one.tap@example.com"), nonce: await nonce() });
      const result = await signIn(token);
      expect(result.ok && result.value).toMatchObject({ isRegister: true, secondFactorRequired: false });
      const [user] = await t.db.select().from(users).where(eq(users.email, "one.tap@example.com"));
      expect(user?.emailVerified).toBe(true);
      expect(await t.db.select({ providerId: accounts.providerId, accountId: accounts.accountId }).from(accounts).where(eq(accounts.userId, user!.id))).toEqual([
        { providerId: "google", accountId: "google-one.tap@example.com" },
      ]);
      expect(await t.db.select().from(sponsors).where(eq(sponsors.userId, user!.id))).toHaveLength(1);
      const [audit] = await t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.userId, user!.id), eq(securityAuditLog.eventType, "login_success")));
      expect(audit?.eventDetails).toMatchObject({ method: "google_id_token", portal: "customer" });
      if (!result.ok) return;
      const state = await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieOf(result.value.headers) } }));
      expect(state.state.actor).toMatchObject({ kind: "customer", userId: user!.id, emailVerified: true });
    });

    it("the nonce must be one this server issued, once, and the one the request names", async () => {
      const issued = await nonce();
      const token = await provider.issueIdToken({ ...person("nonce@example.com"), nonce: issued });
      expect(await signIn(token, "customer", { nonce: "another" })).toMatchObject({ ok: false, status: 401, message: SIGN_IN_WAYS.badToken });
      // The mismatch did not spend it: the right request still signs in, once.
      expect((await signIn(token, "customer", { nonce: issued })).ok).toBe(true);
      expect(await signIn(token)).toMatchObject({ ok: false, status: 401 });
      expect(await signIn(await provider.issueIdToken({ ...person("nonce@example.com"), nonce: "0123456789abcdef0123456789abcdef" }))).toMatchObject({ ok: false, status: 401 });
      expect(await signIn(await provider.issueIdToken(person("nonce@example.com")))).toMatchObject({ ok: false, status: 401 });
      const reasons = (await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.eventType, "login_failed"))).map((row) => row.eventDetails.reason);
      expect(reasons).toContain("nonce");
    });

    it("refuses another audience, another issuer, an expired token, another key's signature, alg none and a changed payload", async () => {
      const claims = async () => ({ ...person("forged@example.com"), nonce: await nonce() });
      const otherKey = await generateKeyPair("RS256");
      const header = (alg: string) => Buffer.from(JSON.stringify({ alg, typ: "JWT" })).toString("base64url");
      const good = await provider.issueIdToken(await claims());
      const [h, , s] = good.split(".");
      const tampered = `${h}.${Buffer.from(JSON.stringify({ ...(await claims()), iss: provider.issuer, aud: GOOGLE_CLIENT.id, exp: Math.floor(Date.now() / 1000) + 600, iat: Math.floor(Date.now() / 1000) })).toString("base64url")}.${s}`;
      const forged = [
        await provider.issueIdToken({ ...(await claims()), aud: "someone-elses-client" }),
        await provider.issueIdToken({ ...(await claims()), iss: "https://evil.example" }),
        await provider.issueIdToken(await claims(), -600),
        await new SignJWT({ ...(await claims()) })
          .setProtectedHeader({ alg: "RS256", kid: JSON.parse(Buffer.from(h!, "base64url").toString()).kid })
          .setIssuer(provider.issuer)
          .setAudience(GOOGLE_CLIENT.id)
          .setIssuedAt()
          .setExpirationTime("10m")
          .sign(otherKey.privateKey),
        `${header("none")}.${Buffer.from(JSON.stringify({ ...(await claims()), iss: provider.issuer, aud: GOOGLE_CLIENT.id, exp: Math.floor(Date.now() / 1000) + 600 })).toString("base64url")}.`,
        tampered,
      ];
      for (const token of forged) expect(await signIn(token)).toMatchObject({ ok: false, status: 401, title: "Login Failed", message: SIGN_IN_WAYS.badToken });
      expect(await t.db.select().from(users).where(eq(users.email, "forged@example.com"))).toHaveLength(0);
    });

    it("pins the issuer to the discovery document's own address: a document naming Google from elsewhere vouches for no token", async () => {
      expect(issuerOfDiscoveryUrl("https://accounts.google.com/.well-known/openid-configuration")).toBe("https://accounts.google.com");
      // The local provider's real document, served from another address and claiming to be Google's.
      const real = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
      const impostor = createServer((_req, res) => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ ...real, issuer: "https://accounts.google.com" }));
      });
      await new Promise<void>((resolve) => impostor.listen(0, "127.0.0.1", resolve));
      try {
        const misled = createTestPlatform(t, {
          GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
          GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
          GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${(impostor.address() as AddressInfo).port}/.well-known/openid-configuration`,
        });
        const token = await provider.issueIdToken({ ...person("impostor@example.com"), iss: "https://accounts.google.com", nonce: await nonce() });
        const refused = await signInWithIdToken(misled, { provider: "google", id_token: token }, meta());
        expect(refused).toMatchObject({ ok: false, status: 503, message: SIGN_IN_WAYS.unavailable });
        expect(await t.db.select().from(users).where(eq(users.email, "impostor@example.com"))).toHaveLength(0);
      } finally {
        impostor.close();
      }
    });

    it("the redirect sign-in's account rules: joins a verified account of the same address, never an unverified one; an unverified Google address stays unverified", async () => {
      const verified = await insertCustomer(t.db, { email: "linked@example.com", emailVerified: true });
      const joined = await signIn(await provider.issueIdToken({ ...person("linked@example.com"), nonce: await nonce() }));
      expect(joined.ok && joined.value).toMatchObject({ userId: verified.userId, isRegister: false });

      const unverified = await insertCustomer(t.db, { email: "squatted@example.com", emailVerified: false });
      const refused = await signIn(await provider.issueIdToken({ ...person("squatted@example.com"), nonce: await nonce() }));
      expect(refused).toMatchObject({ ok: false, status: 409, message: SIGN_IN_WAYS.notLinked });
      expect(await t.db.select().from(accounts).where(and(eq(accounts.userId, unverified.userId), eq(accounts.providerId, "google")))).toHaveLength(0);

      const fresh = await signIn(await provider.issueIdToken({ ...person("not.yet@example.com", false), nonce: await nonce() }));
      expect(fresh.ok).toBe(true);
      const [user] = await t.db.select().from(users).where(eq(users.email, "not.yet@example.com"));
      expect(user?.emailVerified).toBe(false);
      expect((await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, "not.yet@example.com"))).map((m) => m.template)).toEqual(["verify-email"]);
    });

    it("staff: refused at the customer door; at the admin door a 2FA account's session waits for the code; a customer is refused there", async () => {
      const staff = await insertUser(t.db, { email: "keeper@example.com" });
      await t.db.insert(accounts).values({ id: crypto.randomUUID(), userId: staff.userId, providerId: "google", accountId: "google-keeper@example.com" });
      const atCustomerDoor = await signIn(await provider.issueIdToken({ ...person("keeper@example.com"), nonce: await nonce() }));
      expect(atCustomerDoor).toMatchObject({ ok: false, status: 403, message: ADMIN_REFUSED_MESSAGE });
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, staff.userId))).toHaveLength(0);

      await t.db.update(profiles).set({ is2faEnabled: true }).where(eq(profiles.id, staff.userId));
      const atAdminDoor = await signIn(await provider.issueIdToken({ ...person("keeper@example.com"), nonce: await nonce() }), "admin");
      expect(atAdminDoor.ok && atAdminDoor.value).toMatchObject({ userId: staff.userId, secondFactorRequired: true });
      if (atAdminDoor.ok) {
        const state = await resolveAuthState(platform, new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieOf(atAdminDoor.value.headers) } }));
        expect(state.state.actor.kind).toBe("anonymous");
        expect(state.state.pendingSecondFactor).toMatchObject({ userId: staff.userId });
      }

      const customer = await signIn(await provider.issueIdToken({ ...person("sponsor.at.admin@example.com"), nonce: await nonce() }), "admin");
      expect(customer).toMatchObject({ ok: false, status: 403, title: ACCESS_DENIED_TITLE, message: NOT_ADMIN_MESSAGE });
    });

    it("POST /api/auth/token?grant_type=id_token answers JSON: the session cookie and where to go, or the refusal's toast", async () => {
      const post = (body: Record<string, string>, grant = "id_token") =>
        tokenEndpoint(platform, new Request(`http://127.0.0.1:3999/api/auth/token?grant_type=${grant}`, { method: "POST", body: new URLSearchParams(body) }), meta());
      const token = await provider.issueIdToken({ ...person("endpoint@example.com"), nonce: await nonce() });
      const good = await post({ provider: "google", id_token: token, redirectTo: "/sponsor-profile" });
      expect(good.status).toBe(200);
      expect(await good.json()).toEqual({ ok: true, redirectTo: "/sponsor-profile", secondFactorRequired: false });
      expect(good.headers.getSetCookie().some((cookie) => cookie.startsWith("apiary.session_token="))).toBe(true);

      const replay = await post({ provider: "google", id_token: token });
      expect(replay.status).toBe(401);
      expect(await replay.json()).toMatchObject({ ok: false, toast: { title: "Login Failed", description: SIGN_IN_WAYS.badToken } });
      expect(replay.headers.getSetCookie()).toEqual([]);
      expect((await post({ provider: "google", id_token: token }, "password")).status).toBe(400);
      expect(await (await post({ provider: "google", id_token: "x" })).json()).toMatchObject({ ok: false, toast: { title: "Validation Error" } });
    });
  });
});
