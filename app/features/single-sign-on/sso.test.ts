import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRM_IT_IS_YOU_FIRST } from "~/features/accounts/fresh-proof.server";
import { ACCESS_DENIED_TITLE, NOT_ADMIN_MESSAGE } from "~/features/accounts/messages";
import { ForbiddenError } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import { profiles, securityAuditLog, ssoProviders } from "~/platform/db/schema";
import { parseListParams } from "~/platform/list-params";
import { insertCustomer, insertStaff, insertUser } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { startFeedServer } from "../../../tests/setup/feed-server";
import { followToRedirect, OIDC_CLIENT, startOidcProvider, type TestOidcProvider } from "../../../tests/setup/oidc-provider";
import { actingAs, createTestPlatform, testMeta } from "../../../tests/setup/platform";
import { openSecret, sealSecret } from "~/features/accounts/secret-box.server";
import { discoverProvider } from "./discovery.server";
import { DISCOVERY, duplicateDomain, SSO_REFUSED } from "./messages";
import { ssoCallbackPath } from "./sso-callback-path";
import { ssoProvidersScreen } from "./sso-providers.screen";
import { addSsoProvider, deleteSsoProvider, listSsoProviders, providerForDomain, updateSsoProvider } from "./sso-providers.server";
import { finishSsoSignIn, SSO_FLOW_MS, startSsoSignIn } from "./sso-sign-in.server";

const APP_URL = "http://127.0.0.1:3999";
const REDIRECT_URI = `${APP_URL}${ssoCallbackPath}`;

let provider: TestOidcProvider;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [REDIRECT_URI] });
  feeds = await startFeedServer();
});
afterAll(async () => {
  await provider?.close();
  await feeds?.close();
});

/** The provider's own discovery document, as JSON. */
const realDocument = async () => (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;

describe("a client secret's seal", () => {
  it("opens only for its purpose and its provider's domain", () => {
    const key = "a-site-secret-that-is-long-enough-0123456789";
    const sealed = sealSecret("client-secret", key, "sso-provider:example.org", "sso-client-secret");
    expect(openSecret(sealed, key, "sso-provider:example.org", "sso-client-secret")).toBe("client-secret");
    expect(openSecret(sealed, key, "sso-provider:example.org")).toBeNull();
    expect(openSecret(sealed, key, "sso-provider:other.org", "sso-client-secret")).toBeNull();
  });
});

describe("discovery of an OpenID provider", () => {
  const policy = { allowLoopback: true };

  it("reads a real provider's endpoints and how it wants the client to prove itself", async () => {
    const found = await discoverProvider(provider.issuer, policy);
    expect(found).toEqual({
      ok: true,
      endpoints: { authorizationEndpoint: `${provider.issuer}/auth`, tokenEndpoint: `${provider.issuer}/token`, jwksUri: `${provider.issuer}/jwks`, tokenAuth: "client_secret_basic" },
    });
  });

  it("refuses a document that names another issuer, no PKCE S256, or endpoints that are not https", async () => {
    const base = feeds.url("/idp");
    const serve = async (changes: Record<string, unknown>) => feeds.set("/idp/.well-known/openid-configuration", { body: JSON.stringify({ ...(await realDocument()), issuer: base, ...changes }) });
    await serve({ issuer: provider.issuer });
    expect(await discoverProvider(base, policy)).toEqual({ ok: false, reason: "invalid", message: DISCOVERY.issuerMismatch(base, provider.issuer) });
    await serve({ code_challenge_methods_supported: ["plain"] });
    expect(await discoverProvider(base, policy)).toMatchObject({ ok: false, message: DISCOVERY.noPkce });
    await serve({ response_types_supported: ["id_token"] });
    expect(await discoverProvider(base, policy)).toMatchObject({ ok: false, message: DISCOVERY.noCodeFlow });
    await serve({ token_endpoint: "http://idp.example.org/token" });
    expect(await discoverProvider(base, policy)).toMatchObject({ ok: false, message: DISCOVERY.notHttps("token endpoint") });
    feeds.set("/idp/.well-known/openid-configuration", { body: "<html>" });
    expect(await discoverProvider(base, policy)).toMatchObject({ ok: false, message: DISCOVERY.notJson });
    await serve({});
    expect(await discoverProvider(base, policy)).toMatchObject({ ok: true });
  });

  it("says a provider that does not answer is unreachable, and refuses this machine outside the tests", async () => {
    const down = `http://127.0.0.1:${feeds.port}/nothing-here`;
    expect(await discoverProvider(down, policy)).toEqual({ ok: false, reason: "unreachable", message: DISCOVERY.unreachable(down, "it answered HTTP 404.") });
    const closed = await startFeedServer();
    const gone = closed.url("/idp");
    await closed.close();
    expect(await discoverProvider(gone, policy)).toMatchObject({ ok: false, reason: "unreachable", message: expect.stringContaining("could not be reached (ECONNREFUSED)") });
    // Without the tests' switch: plain http is refused, and so is this machine's address over https.
    expect(await discoverProvider(provider.issuer, { allowLoopback: false })).toMatchObject({ ok: false, message: DISCOVERY.notHttps("issuer") });
    expect(await discoverProvider("https://127.0.0.1:9", { allowLoopback: false })).toMatchObject({ ok: false, reason: "unreachable", message: expect.stringContaining("127.0.0.1 is not a public internet address") });
  });
});

describe.each(testEngines())("Single sign-on on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: ReturnType<typeof createTestPlatform>;
  const domain = `sso-${crypto.randomUUID().slice(0, 8)}.example.org`;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t, { APP_URL });
    const admin = await insertUser(t.db);
    const added = await addSsoProvider(as(admin), { domain: domain.toUpperCase(), issuer: `${provider.issuer}/`, clientId: OIDC_CLIENT.id, clientSecret: OIDC_CLIENT.secret });
    if (!added.ok) throw new Error(`the provider could not be added: ${added.message}`);
  });
  afterAll(() => t?.dispose());

  const as = actingAs(() => platform);
  const list = (actor: BackOfficeContext["actor"]) => listSsoProviders(as(actor), parseListParams(new URLSearchParams(""), ssoProvidersScreen.list));
  const input = (over: Record<string, unknown> = {}) => ({ domain: `other-${crypto.randomUUID().slice(0, 6)}.example.org`, issuer: provider.issuer, clientId: "client", clientSecret: "s3cret-value", ...over });

  describe("the Single Sign-On screen", () => {
    it("is Role Permissions': refused for a customer and for staff without its flags", async () => {
      const viewer = await insertStaff(t.db, { role_permissions: ["view"] });
      await expect(list(await insertCustomer(t.db))).rejects.toThrow(ForbiddenError);
      await expect(list(await insertStaff(t.db, { users: ["view"] }))).rejects.toThrow(ForbiddenError);
      expect((await list(viewer)).rows.map((row) => row.domain)).toContain(domain);
      await expect(addSsoProvider(as(viewer), input())).rejects.toThrow(ForbiddenError);
      await expect(updateSsoProvider(as(viewer), { id: crypto.randomUUID(), ...input() })).rejects.toThrow(ForbiddenError);
      await expect(deleteSsoProvider(as(viewer), { id: crypto.randomUUID() })).rejects.toThrow(ForbiddenError);
      const granted = await insertStaff(t.db, { role_permissions: ["view", "create"] });
      expect(await addSsoProvider(as(granted), input())).toMatchObject({ ok: true });
    });

    it("keeps the secret sealed, never in the list or the audit row, and a blank secret keeps it", async () => {
      const admin = await insertUser(t.db);
      const fields = input();
      const added = await addSsoProvider(as(admin), fields);
      if (!added.ok) throw new Error(added.message);
      const [row] = await t.db.select().from(ssoProviders).where(eq(ssoProviders.id, added.value.id));
      expect(row!.clientSecretSealed).not.toContain("s3cret");
      expect(row).toMatchObject({ domain: fields.domain, issuer: provider.issuer, tokenEndpoint: `${provider.issuer}/token` });
      expect(JSON.stringify((await list(admin)).rows)).not.toContain("s3cret");
      const [audit] = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, added.value.id));
      expect(audit).toMatchObject({ eventType: "record_created", module: "role_permissions", userId: admin.userId, eventDetails: { label: `single sign-on for ${fields.domain}` } });
      expect(JSON.stringify(audit)).not.toContain("s3cret");

      const renamed = `renamed-${fields.domain}`;
      expect(await updateSsoProvider(as(admin), { ...fields, id: added.value.id, domain: renamed, clientSecret: "" })).toMatchObject({ ok: true });
      expect((await providerForDomain(platform, renamed))?.clientSecret).toBe("s3cret-value");
      expect(await updateSsoProvider(as(admin), { ...fields, id: added.value.id, domain: renamed, clientSecret: "new-secret" })).toMatchObject({ ok: true });
      expect((await providerForDomain(platform, renamed))?.clientSecret).toBe("new-secret");
      expect(await deleteSsoProvider(as(admin), { id: added.value.id })).toMatchObject({ ok: true });
      expect(await providerForDomain(platform, renamed)).toBeNull();
      const events = await t.db.select({ type: securityAuditLog.eventType }).from(securityAuditLog).where(eq(securityAuditLog.recordId, added.value.id));
      expect(events.map((event) => event.type).sort()).toEqual(["record_created", "record_deleted", "record_updated", "record_updated"]);
    });

    it("checks the discovery document before saving, refuses a second provider for a domain and a stale proof", async () => {
      const admin = await insertUser(t.db);
      const base = feeds.url("/wrong-issuer");
      feeds.set("/wrong-issuer/.well-known/openid-configuration", { body: JSON.stringify({ ...(await realDocument()) }) });
      expect(await addSsoProvider(as(admin), input({ issuer: base }))).toMatchObject({ ok: false, status: 422, fieldErrors: { issuer: [DISCOVERY.issuerMismatch(base, provider.issuer)] } });
      expect(await addSsoProvider(as(admin), input({ issuer: feeds.url("/none") }))).toMatchObject({ ok: false, status: 503, fieldErrors: { issuer: [expect.stringContaining("HTTP 404")] } });
      expect(await addSsoProvider(as(admin), input({ domain }))).toMatchObject({ ok: false, status: 409, fieldErrors: { domain: [duplicateDomain(domain)] } });
      expect(await addSsoProvider(as(admin), input({ domain: "not a domain", clientSecret: "" }))).toMatchObject({ ok: false, status: 400, fieldErrors: { domain: [expect.any(String)], clientSecret: [expect.any(String)] } });
      const stale = { ...as(admin), session: { id: crypto.randomUUID(), token: "", userId: admin.userId, createdAt: new Date(platform.clock.now() - 6 * 60_000) } };
      expect(await addSsoProvider(stale, input())).toMatchObject({ ok: false, status: 401, fieldErrors: { freshProof: [CONFIRM_IT_IS_YOU_FIRST] } });
      expect(await deleteSsoProvider(stale, { id: crypto.randomUUID() })).toMatchObject({ ok: false, status: 401 });
    });
  });

  describe("signing in at the provider", () => {
    const meta = () => testMeta(`198.51.100.${Math.floor(Math.random() * 250) + 1}`);
    /** Start at /auth with `email`, go through the provider as a browser would, and land on the callback. */
    const throughProvider = async (email: string, alter?: (authorize: URL) => void) => {
      const started = await startSsoSignIn(platform, { email }, "/admin/bookings", meta());
      if (!started.ok) throw new Error(started.message);
      const authorize = new URL(started.value.location);
      alter?.(authorize);
      const landed = await followToRedirect(authorize.toString(), REDIRECT_URI);
      return { landed, cookie: started.value.cookie.split(";")[0]!, authorize };
    };
    const events = async (type: string) => t.db.select().from(securityAuditLog).where(and(eq(securityAuditLog.eventType, type)));

    it("sends the address to its domain's provider with PKCE S256, a state and a nonce", async () => {
      const started = await startSsoSignIn(platform, { email: ` Keeper@${domain.toUpperCase()} ` }, "/admin", meta());
      if (!started.ok) throw new Error(started.message);
      const url = new URL(started.value.location);
      expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        response_type: "code",
        client_id: OIDC_CLIENT.id,
        redirect_uri: REDIRECT_URI,
        scope: "openid email",
        code_challenge_method: "S256",
        login_hint: `keeper@${domain}`,
      });
      expect(url.searchParams.get("state")).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get("nonce")).toMatch(/^[\w-]{43}$/);
      expect(started.value.cookie).toMatch(/^apiary_sso_flow=.+; Max-Age=600; Path=\/api\/auth\/sso; HttpOnly; SameSite=Lax/);
      // Nothing the browser can read in the authorize address gives the verifier away.
      expect(url.searchParams.has("code_verifier")).toBe(false);
    });

    it("signs in an existing staff member of that address, who is not made an administrator", async () => {
      const staff = await insertStaff(t.db, { bookings: ["view"] }, { email: `front-desk@${domain}` });
      const { landed, cookie } = await throughProvider(staff.email);
      const done = await finishSsoSignIn(platform, landed.searchParams, cookie, meta());
      if (!done.ok) throw new Error(done.message);
      expect(done.value).toMatchObject({ userId: staff.userId, secondFactorRequired: false, redirectTo: "/admin/bookings" });
      expect(done.value.headers.getSetCookie().join()).toContain("apiary.session_token=");
      expect((await events("login_success")).find((row) => row.userId === staff.userId)?.eventDetails).toMatchObject({ method: "sso", portal: "admin", domain });
      // The same code again (a replayed return) is refused by the provider.
      expect(await finishSsoSignIn(platform, landed.searchParams, cookie, meta())).toMatchObject({ ok: false, message: SSO_REFUSED.providerRefused });
    });

    it("leaves a staff member with 2FA on waiting for the code, as after Google", async () => {
      const staff = await insertUser(t.db, { email: `two-factor@${domain}` });
      await t.db.update(profiles).set({ is2faEnabled: true }).where(eq(profiles.id, staff.userId));
      const { landed, cookie } = await throughProvider(staff.email);
      expect(await finishSsoSignIn(platform, landed.searchParams, cookie, meta())).toMatchObject({ ok: true, value: { secondFactorRequired: true } });
      expect((await events("login_success")).some((row) => row.userId === staff.userId)).toBe(false);
    });

    it("refuses a tampered state, a tampered nonce, a return without its cookie and one from another sign-in", async () => {
      const staff = await insertStaff(t.db, { bookings: ["view"] }, { email: `tamper@${domain}` });
      const first = await throughProvider(staff.email);
      const changed = new URLSearchParams(first.landed.searchParams);
      // Its last character changed (to another one: a state ending in "A" stays itself otherwise).
      const state = changed.get("state")!;
      changed.set("state", `${state.slice(0, -1)}${state.endsWith("A") ? "B" : "A"}`);
      expect(await finishSsoSignIn(platform, changed, first.cookie, meta())).toMatchObject({ ok: false, message: SSO_REFUSED.expired });
      expect(await finishSsoSignIn(platform, first.landed.searchParams, null, meta())).toMatchObject({ ok: false, message: SSO_REFUSED.expired });
      const second = await throughProvider(staff.email);
      expect(await finishSsoSignIn(platform, second.landed.searchParams, first.cookie, meta())).toMatchObject({ ok: false, message: SSO_REFUSED.expired });
      // A nonce changed on the way to the provider: its ID token carries that one, not ours.
      const nonce = await throughProvider(staff.email, (authorize) => authorize.searchParams.set("nonce", "an-attacker-s-nonce-0123456789"));
      expect(await finishSsoSignIn(platform, nonce.landed.searchParams, nonce.cookie, meta())).toMatchObject({ ok: false, message: SSO_REFUSED.badToken });
      // A forged cookie (the same fields, not signed by this site) is no flow at all.
      const forged = `apiary_sso_flow=${Buffer.from(JSON.stringify({ state: second.landed.searchParams.get("state") })).toString("base64")}`;
      expect(await finishSsoSignIn(platform, second.landed.searchParams, forged, meta())).toMatchObject({ ok: false, message: SSO_REFUSED.expired });
      const reasons = (await events("login_failed")).map((row) => (row.eventDetails as { reason?: string }).reason);
      expect(reasons).toEqual(expect.arrayContaining(["state_mismatch", "no_flow", "bad_id_token"]));
    });

    it("refuses an answer for an address outside the domain, an unknown address, an unverified one and a customer", async () => {
      provider.signInAs("someone@elsewhere.example.com");
      const outside = await throughProvider(`anyone@${domain}`);
      expect(await finishSsoSignIn(platform, outside.landed.searchParams, outside.cookie, meta())).toMatchObject({ ok: false, status: 403, message: SSO_REFUSED.outsideDomain("someone@elsewhere.example.com", domain) });

      const unknown = await throughProvider(`nobody-here@${domain}`);
      expect(await finishSsoSignIn(platform, unknown.landed.searchParams, unknown.cookie, meta())).toMatchObject({ ok: false, status: 403, message: SSO_REFUSED.unknownAccount(`nobody-here@${domain}`) });

      provider.signInAs(`unverified:keeper@${domain}`);
      const unverified = await throughProvider(`keeper@${domain}`);
      expect(await finishSsoSignIn(platform, unverified.landed.searchParams, unverified.cookie, meta())).toMatchObject({ ok: false, message: SSO_REFUSED.unverifiedEmail });

      const customer = await insertCustomer(t.db, { email: `sponsor@${domain}` });
      const refused = await throughProvider(customer.email);
      expect(await finishSsoSignIn(platform, refused.landed.searchParams, refused.cookie, meta())).toMatchObject({ ok: false, status: 403, title: ACCESS_DENIED_TITLE, message: NOT_ADMIN_MESSAGE });
      expect((await events("login_refused")).some((row) => row.userId === customer.userId)).toBe(true);
    });

    it("says when a domain has no provider, and when its provider is down at the start or at the return", async () => {
      expect(await startSsoSignIn(platform, { email: "someone@no-sso.example.net" }, "/admin", meta())).toMatchObject({ ok: false, status: 404, fieldErrors: { email: [SSO_REFUSED.noProvider("no-sso.example.net")] } });
      expect(await startSsoSignIn(platform, { email: "not an address" }, "/admin", meta())).toMatchObject({ ok: false, status: 400 });
      const staff = await insertStaff(t.db, { bookings: ["view"] }, { email: `outage@${domain}` });
      const midway = await throughProvider(staff.email);
      await provider.pause();
      try {
        expect(await startSsoSignIn(platform, { email: staff.email }, "/admin", meta())).toMatchObject({ ok: false, status: 503, message: SSO_REFUSED.providerDown(domain) });
        expect(await finishSsoSignIn(platform, midway.landed.searchParams, midway.cookie, meta())).toMatchObject({ ok: false, status: 503, message: SSO_REFUSED.providerDown(domain) });
      } finally {
        await provider.resume();
      }
    });

    it("refuses a return after the flow's ten minutes", async () => {
      const staff = await insertStaff(t.db, { bookings: ["view"] }, { email: `slow@${domain}` });
      const late = await throughProvider(staff.email);
      platform.clock.advance(SSO_FLOW_MS + 1_000);
      try {
        expect(await finishSsoSignIn(platform, late.landed.searchParams, late.cookie, meta())).toMatchObject({ ok: false, message: SSO_REFUSED.expired });
      } finally {
        platform.clock.advance(-(SSO_FLOW_MS + 1_000));
      }
    });

    it("limits the starts per client address", async () => {
      const from = testMeta("192.0.2.77");
      for (let i = 0; i < 20; i++) await startSsoSignIn(platform, { email: `x@no-sso-${i}.example.net` }, "/admin", from);
      expect(await startSsoSignIn(platform, { email: `x@${domain}` }, "/admin", from)).toMatchObject({ ok: false, status: 429 });
    });
  });
});
