import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "~/features/accounts/auth.server";
import { startGoogleProvider } from "../e2e/google-provider";
import { testEngines, type TestDatabase } from "../setup/databases";
import { createTestPlatform, testMeta } from "../setup/platform";
import { freePort } from "../setup/server-process";

/**
 * Better Auth reads Google's OpenID discovery document when the auth instance is created. If the
 * provider cannot be reached then (a network blip at start-up; in the browser tests the provider
 * starts after the servers), Google sign-in must come back by itself on a later request, not stay
 * off until a restart.
 */
describe("Google sign-in when discovery failed at start-up", () => {
  let t: TestDatabase;
  let port: number;
  let stopProvider: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    t = await testEngines()[0]!.open();
    port = await freePort();
  });
  afterAll(async () => {
    await stopProvider?.();
    await t?.dispose();
  });

  it("retries discovery on the next sign-in and then works", async () => {
    const platform = createTestPlatform(t, {
      GOOGLE_CLIENT_ID: "discovery-test-client",
      GOOGLE_CLIENT_SECRET: "discovery-test-secret",
      GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${port}/.well-known/openid-configuration`,
    });
    const auth = await getAuth(platform);
    await auth.$context;
    const start = () =>
      auth.api.signInSocial({ body: { provider: "google", callbackURL: "/customer-auth?google=done", disableRedirect: true }, headers: testMeta().headers });

    // Nobody answers on the provider's port yet.
    await expect(start()).rejects.toThrow();

    stopProvider = await startGoogleProvider(port);
    const { url } = await start();
    const authorize = new URL(url!);
    expect(authorize.origin).toBe(`http://127.0.0.1:${port}`);
    expect(authorize.pathname).toBe("/authorize");
    expect(authorize.searchParams.get("client_id")).toBe("discovery-test-client");
    expect(authorize.searchParams.get("redirect_uri")).toBe("http://127.0.0.1:3999/api/auth/callback/google");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
  });
});
