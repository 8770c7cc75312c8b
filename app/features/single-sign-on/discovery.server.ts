import { PublicFetchError } from "~/platform/security/public-fetch.server";
import { requestPublic } from "~/platform/security/public-request.server";
import { DISCOVERY } from "./messages";

/** What a sign-in needs from an OpenID provider, as its discovery document states it. */
export type ProviderEndpoints = {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  /** How the token endpoint wants the client to prove itself (client_secret_basic when not said). */
  tokenAuth: "client_secret_basic" | "client_secret_post";
};

export type Discovery = { ok: true; endpoints: ProviderEndpoints } | { ok: false; reason: "unreachable" | "invalid"; message: string };

/** Loopback addresses and plain http are for the tests' own provider only (SSO_ALLOW_LOOPBACK). */
export type DiscoveryPolicy = { allowLoopback: boolean };

const isLoopbackHttp = (url: URL) => url.protocol === "http:" && ["127.0.0.1", "[::1]", "localhost"].includes(url.hostname);

/** An endpoint address the policy accepts: https, or http to this machine when the tests allow it. */
export function acceptableEndpoint(address: unknown, policy: DiscoveryPolicy): address is string {
  if (typeof address !== "string") return false;
  try {
    const url = new URL(address);
    return url.protocol === "https:" || (policy.allowLoopback && isLoopbackHttp(url));
  } catch {
    return false;
  }
}

/**
 * Reads `issuer/.well-known/openid-configuration` under the public-fetch policy and checks what
 * single sign-on relies on: the document is the issuer's own (OpenID Connect Discovery §4.3,
 * compared exactly), its endpoints are https, and it offers the code flow with PKCE S256.
 */
export async function discoverProvider(issuer: string, policy: DiscoveryPolicy): Promise<Discovery> {
  const address = `${issuer}/.well-known/openid-configuration`;
  let text: string;
  try {
    if (!acceptableEndpoint(issuer, policy)) return { ok: false, reason: "invalid", message: DISCOVERY.notHttps("issuer") };
    const answer = await requestPublic(address, { allowLoopback: policy.allowLoopback, timeoutMs: 8_000 });
    if (answer.status !== 200) return { ok: false, reason: "unreachable", message: DISCOVERY.unreachable(issuer, `it answered HTTP ${answer.status}.`) };
    text = answer.text;
  } catch (error) {
    if (!(error instanceof PublicFetchError)) throw error;
    return { ok: false, reason: "unreachable", message: DISCOVERY.unreachable(issuer, error.message) };
  }
  let document: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    document = parsed as Record<string, unknown>;
  } catch {
    return { ok: false, reason: "invalid", message: DISCOVERY.notJson };
  }
  const invalid = (message: string): Discovery => ({ ok: false, reason: "invalid", message });
  if (document.issuer !== issuer) return invalid(DISCOVERY.issuerMismatch(issuer, typeof document.issuer === "string" ? document.issuer : ""));
  const named = { authorization_endpoint: "authorization endpoint", token_endpoint: "token endpoint", jwks_uri: "key set (jwks_uri)" } as const;
  for (const [field, name] of Object.entries(named)) {
    if (typeof document[field] !== "string" || !document[field]) return invalid(DISCOVERY.missingEndpoint(name));
    if (!acceptableEndpoint(document[field], policy)) return invalid(DISCOVERY.notHttps(name));
  }
  const responseTypes = Array.isArray(document.response_types_supported) ? document.response_types_supported : [];
  if (!responseTypes.includes("code")) return invalid(DISCOVERY.noCodeFlow);
  // Without the field a provider promises nothing about PKCE: refused rather than guessed.
  const challengeMethods = Array.isArray(document.code_challenge_methods_supported) ? document.code_challenge_methods_supported : [];
  if (!challengeMethods.includes("S256")) return invalid(DISCOVERY.noPkce);
  const authMethods = Array.isArray(document.token_endpoint_auth_methods_supported) ? document.token_endpoint_auth_methods_supported : ["client_secret_basic"];
  const tokenAuth = authMethods.includes("client_secret_basic") || !authMethods.includes("client_secret_post") ? "client_secret_basic" : "client_secret_post";
  return {
    ok: true,
    endpoints: { authorizationEndpoint: document.authorization_endpoint as string, tokenEndpoint: document.token_endpoint as string, jwksUri: document.jwks_uri as string, tokenAuth },
  };
}
