import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type Configuration } from "oidc-provider";

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, standing in for an
 * organisation's own (Okta, Entra ID, Keycloak…) in the single sign-on tests. Discovery, the
 * code flow with PKCE, nonces and signed ID tokens are the package's own; only the login screen
 * is ours: it signs in whoever the authorize request's `login_hint` names (the app sends the
 * address typed at /auth), or `signInAs(email)` to answer as someone else. An address
 * "unverified:x@y" is an account whose e-mail the provider has not verified.
 */
export const OIDC_CLIENT = { id: "apiary-sso-client", secret: "apiary-sso-client-secret" };

export type TestOidcProvider = {
  issuer: string;
  port: number;
  /** The next sign-in answers for this address, whatever the hint said (once). */
  signInAs(email: string): void;
  /** Stops answering (every connection refused) until `resume()`. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
};

export async function startOidcProvider(options: { redirectUris: string[]; port?: number; configure?: Partial<Configuration> }): Promise<TestOidcProvider> {
  let answerAs: string | null = null;
  // Made once the server listens: its issuer names the port.
  const made: { provider?: Provider } = {};

  const handleInteraction = async (req: IncomingMessage, res: ServerResponse) => {
    const provider = made.provider!;
    const details = await provider.interactionDetails(req, res);
    const params = details.params as Record<string, string | undefined>;
    if (details.prompt.name === "login") {
      const accountId = answerAs ?? params.login_hint ?? "nobody@example.invalid";
      answerAs = null;
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId: details.session!.accountId, clientId: params.client_id! });
    grant!.addOIDCScope("openid email");
    const grantId = await grant!.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  const server = createServer((req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      handleInteraction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    made.provider!.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  // A signing key of its own (the package's built-in one is a shared development key).
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "test-key" }] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: options.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    async findAccount(_ctx, id) {
      const unverified = id.startsWith("unverified:");
      const email = unverified ? id.slice("unverified:".length) : id;
      return { accountId: id, claims: () => ({ sub: `sub-${Buffer.from(id).toString("hex")}`, email, email_verified: !unverified }) };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    // The ID token carries the e-mail claims of the scope (what the app reads), not only userinfo.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: ["apiary-test-provider-cookie-key"] },
    ...options.configure,
  });
  made.provider = provider;
  // Quiet: the provider reports refused requests (a test's tampered state) on its own emitter.
  provider.on("server_error", () => {});

  let paused = false;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    issuer,
    port,
    signInAs: (email) => {
      answerAs = email;
    },
    pause: async () => {
      if (paused) return;
      paused = true;
      server.closeAllConnections();
      await close();
    },
    resume: async () => {
      if (!paused) return;
      paused = false;
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    close: async () => {
      server.closeAllConnections();
      if (!paused) await close();
    },
  };
}

/**
 * Goes where a browser would go from `start` (the provider's authorize address) until the
 * provider sends it to `redirectPrefix`, carrying the provider's cookies: the address it lands
 * on (with `code` and `state`, or `error`).
 */
export async function followToRedirect(start: string, redirectPrefix: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(redirectPrefix)) return new URL(url);
    const response = await fetch(url, { redirect: "manual", headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get("location");
    if (!location) throw new Error(`The provider stopped at ${url} with HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
    url = new URL(location, url).toString();
  }
  throw new Error("The provider redirected too many times");
}
