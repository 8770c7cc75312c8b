import type { IncomingMessage } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

/**
 * A local OpenID Connect provider standing in for Google (started by global-setup.ts). The
 * browser tests' servers discover it through GOOGLE_DISCOVERY_URL.
 *
 * Who signs in is chosen per test with the authorize request's `login_hint`: "bee@example.com"
 * is a Google account whose e-mail Google has verified, "unverified:bee@example.com" one whose
 * e-mail it has not. The app never sends a hint, so tests add it on the way (see
 * `signInWithGoogleAs` in google-sign-in.spec.ts).
 */
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 2627);
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const GOOGLE_CLIENT = { id: "apiary-e2e-client", secret: "apiary-e2e-client-secret" };

type Identity = { sub: string; email: string; email_verified: boolean; name: string };

export function identityFromHint(hint: string | null | undefined): Identity {
  const raw = hint?.trim() || "google-user@example.com";
  const unverified = raw.startsWith("unverified:");
  const email = (unverified ? raw.slice("unverified:".length) : raw).toLowerCase();
  // A stable subject per address, as Google keeps one per account.
  return { sub: `google-${Buffer.from(email).toString("hex")}`, email, email_verified: !unverified, name: email.split("@")[0] ?? email };
}

export async function startGoogleProvider(port = OIDC_PORT) {
  const issuer = `http://127.0.0.1:${port}`;
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  // The authorization code is the thread between the browser's visit and the app's token request.
  const identities = new Map<string, Identity>();
  server.service.on("beforeAuthorizeRedirect", ({ url }: { url: URL }, req: IncomingMessage) => {
    const code = url.searchParams.get("code");
    const hint = new URL(req.url ?? "/", issuer).searchParams.get("login_hint");
    if (code) identities.set(code, identityFromHint(hint));
  });
  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }, req: IncomingMessage & { body?: { code?: string } }) => {
    const identity = identities.get(req.body?.code ?? "");
    if (identity) Object.assign(token.payload, identity);
  });
  // Tokens must name the address the app discovers, not the mock's default "localhost".
  server.issuer.url = issuer;
  await server.start(port, "127.0.0.1");
  /**
   * An ID token as Google One Tap hands one to a page: signed with the provider's published key,
   * for `GOOGLE_CLIENT.id` unless `claims` say otherwise (claims may also replace `iss`).
   */
  const issueIdToken = (claims: Record<string, unknown>, expiresInSeconds = 600) =>
    server.issuer.buildToken({
      expiresIn: expiresInSeconds,
      scopesOrTransform: (_header, payload) => Object.assign(payload, { aud: GOOGLE_CLIENT.id }, claims),
    });
  return Object.assign(() => server.stop(), { issuer, issueIdToken });
}
