import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from "jose";
import { createCookie, type Cookie } from "react-router";
import { recordAuditEvent } from "~/features/accounts/audit.server";
import { checkForm } from "~/features/accounts/form-input";
import { limits, tooManyAttemptsMessage } from "~/features/accounts/limits";
import { ACCESS_DENIED_TITLE, LOGIN_FAILED_TITLE, NOT_ADMIN_MESSAGE } from "~/features/accounts/messages";
import { openProvenSession } from "~/features/accounts/open-session.server";
import type { RequestMeta } from "~/features/accounts/request-meta";
import { isBackOfficeUser } from "~/features/accounts/roles.server";
import { profiles, users } from "~/platform/db/schema";
import { failedAs, succeeded, type Refusal, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { PublicFetchError } from "~/platform/security/public-fetch.server";
import { requestPublic } from "~/platform/security/public-request.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import { discoverProvider, type ProviderEndpoints } from "./discovery.server";
import { SSO_REFUSED } from "./messages";
import { ssoCallbackPath } from "./sso-callback-path";
import { providerForDomain } from "./sso-providers.server";
import { domainOf, SsoStartSchema } from "./sso.schema";

/**
 * Staff sign-in at their organisation's OpenID provider (the catalogue's POST /sso by domain):
 * the authorization code flow with PKCE (S256), a state and a nonce. What the return needs is
 * kept in a signed, short-lived, http-only cookie of this browser only: the state (it must come
 * back unchanged), the nonce (the ID token must carry it), the PKCE verifier (the token endpoint
 * wants it), and which provider and endpoints. The answer signs in an existing staff member with
 * that address only; no account is made, and roles are only what Manage Roles gave.
 */

/** How long a started sign-in may take at the provider. */
export const SSO_FLOW_MS = 10 * 60 * 1000;

/** What the start leaves with the browser for the return. */
type Flow = {
  providerId: string;
  domain: string;
  state: string;
  nonce: string;
  verifier: string;
  redirectTo: string;
  startedAt: number;
  tokenEndpoint: string;
  jwksUri: string;
  tokenAuth: ProviderEndpoints["tokenAuth"];
};

const flowCookies = new Map<string, Cookie>();
function flowCookie(secret: string) {
  let cookie = flowCookies.get(secret);
  if (!cookie) {
    // Lax: the provider sends the browser back with a top-level GET; the path keeps it off every other request.
    cookie = createCookie("apiary_sso_flow", { httpOnly: true, sameSite: "lax", path: "/api/auth/sso", maxAge: SSO_FLOW_MS / 1000, secrets: [secret] });
    flowCookies.set(secret, cookie);
  }
  return cookie;
}

const randomToken = () => randomBytes(32).toString("base64url");
const challengeOf = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const redirectUriOf = (platform: Platform) => new URL(ssoCallbackPath, platform.env.APP_URL).toString();

export type SsoStart = { location: string; cookie: string };

/** The admin login's "Single sign-on": the address's domain names the provider; the answer is where to send the browser. */
export async function startSsoSignIn(platform: Platform, form: unknown, redirectTo: string, meta: RequestMeta): Promise<Result<SsoStart>> {
  const checked = checkForm(SsoStartSchema, form, LOGIN_FAILED_TITLE);
  if (!checked.ok) return checked;
  const { email } = checked.value;
  const byAddress = await hitRateLimit(platform.db, limits.ssoStartByAddress, meta.clientAddress);
  if (!byAddress.allowed) return failedAs(LOGIN_FAILED_TITLE, 429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));
  const domain = domainOf(email);
  const provider = await providerForDomain(platform, domain);
  if (!provider) {
    const message = SSO_REFUSED.noProvider(domain);
    return failedAs(LOGIN_FAILED_TITLE, 404, message, { email: [message] });
  }
  // Read again at each start: the provider's current endpoints, and whether it answers at all.
  const discovery = await discoverProvider(provider.issuer, { allowLoopback: platform.env.SSO_ALLOW_LOOPBACK });
  if (!discovery.ok) {
    platform.logger.warn({ domain, issuer: provider.issuer, reason: discovery.message }, "single sign-on provider unavailable");
    await recordAuditEvent(platform.db, { type: "login_failed", details: { method: "sso", portal: "admin", domain, reason: "provider_unavailable" } }, meta);
    return failedAs(LOGIN_FAILED_TITLE, 503, SSO_REFUSED.providerDown(domain));
  }
  const { endpoints } = discovery;
  const flow: Flow = {
    providerId: provider.id,
    domain,
    state: randomToken(),
    nonce: randomToken(),
    verifier: randomToken(),
    redirectTo,
    startedAt: platform.clock.now(),
    tokenEndpoint: endpoints.tokenEndpoint,
    jwksUri: endpoints.jwksUri,
    tokenAuth: endpoints.tokenAuth,
  };
  const location = new URL(endpoints.authorizationEndpoint);
  const query = {
    response_type: "code",
    client_id: provider.clientId,
    redirect_uri: redirectUriOf(platform),
    scope: "openid email",
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: challengeOf(flow.verifier),
    code_challenge_method: "S256",
    // The provider may fill in the address the person typed here.
    login_hint: email,
  };
  for (const [name, value] of Object.entries(query)) location.searchParams.set(name, value);
  return succeeded({ location: location.toString(), cookie: await flowCookie(platform.authSecret).serialize(flow) });
}

/** The header that forgets a started sign-in (sent with every return, whatever its outcome). */
export const forgetSsoFlowHeader = (secret: string) => flowCookie(secret).serialize("", { maxAge: 0 });

export type SsoSignedIn = { headers: Headers; userId: string; secondFactorRequired: boolean; redirectTo: string };

/** The ID token's claims once its signature, issuer, audience, expiry and nonce hold. */
async function verifiedClaims(platform: Platform, flow: Flow, provider: { issuer: string; clientId: string }, idToken: string): Promise<JWTPayload | "unavailable" | null> {
  let keys: JSONWebKeySet;
  try {
    const answer = await requestPublic(flow.jwksUri, { allowLoopback: platform.env.SSO_ALLOW_LOOPBACK });
    if (answer.status !== 200) return "unavailable";
    keys = JSON.parse(answer.text) as JSONWebKeySet;
  } catch (error) {
    if (error instanceof PublicFetchError || error instanceof SyntaxError) return "unavailable";
    throw error;
  }
  try {
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(keys), {
      issuer: provider.issuer,
      audience: provider.clientId,
      // Signed with the provider's published keys only: never a shared-secret algorithm.
      algorithms: ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"],
      currentDate: new Date(platform.clock.now()),
      clockTolerance: 60,
      requiredClaims: ["exp", "iat", "sub"],
    });
    if (typeof payload.nonce !== "string" || !sameText(payload.nonce, flow.nonce)) return null;
    // With several audiences the token must have been issued to us (OpenID Connect Core §3.1.3.7).
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== provider.clientId) return null;
    return payload;
  } catch {
    return null;
  }
}

/**
 * The return from the provider (`query` is the callback's query string, `cookieHeader` the
 * browser's cookies): checks the state against the flow, trades the code (with the PKCE
 * verifier) for an ID token, checks it, and opens a session for the staff member whose address it
 * names. 2FA as after Google: a staff member with 2FA on gets a session that waits for the code.
 */
export async function finishSsoSignIn(platform: Platform, query: URLSearchParams, cookieHeader: string | null, meta: RequestMeta): Promise<Result<SsoSignedIn>> {
  const { db } = platform;
  const refuse = async (reason: string, message: string, extra: Record<string, unknown> = {}, title = LOGIN_FAILED_TITLE, status: Refusal["status"] = 401) => {
    await recordAuditEvent(db, { type: reason === "not_staff" ? "login_refused" : "login_failed", details: { method: "sso", portal: "admin", reason, ...extra } }, meta);
    return failedAs(title, status, message);
  };
  const byAddress = await hitRateLimit(db, limits.ssoReturnByAddress, meta.clientAddress);
  if (!byAddress.allowed) return failedAs(LOGIN_FAILED_TITLE, 429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));

  const flow = (await flowCookie(platform.authSecret)
    .parse(cookieHeader)
    .catch(() => null)) as Flow | null;
  if (!flow || typeof flow.state !== "string") return refuse("no_flow", SSO_REFUSED.expired);
  const returnedState = query.get("state") ?? "";
  if (!sameText(returnedState, flow.state)) return refuse("state_mismatch", SSO_REFUSED.expired, { domain: flow.domain });
  if (platform.clock.now() - flow.startedAt > SSO_FLOW_MS) return refuse("expired", SSO_REFUSED.expired, { domain: flow.domain });
  if (query.get("error")) return refuse("provider_error", SSO_REFUSED.providerRefused, { domain: flow.domain, error: query.get("error")?.slice(0, 100) });
  const code = query.get("code");
  if (!code) return refuse("no_code", SSO_REFUSED.providerRefused, { domain: flow.domain });

  // The provider saved now must be the one the sign-in started with (not removed or replaced since).
  const provider = await providerForDomain(platform, flow.domain);
  if (!provider || provider.id !== flow.providerId) return refuse("provider_changed", SSO_REFUSED.expired, { domain: flow.domain });

  const form = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUriOf(platform), code_verifier: flow.verifier });
  const headers: Record<string, string> = {};
  if (flow.tokenAuth === "client_secret_basic") {
    // RFC 6749 §2.3.1: each part form-encoded before the Basic encoding.
    const part = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");
    headers.authorization = `Basic ${Buffer.from(`${part(provider.clientId)}:${part(provider.clientSecret)}`).toString("base64")}`;
  } else {
    form.set("client_id", provider.clientId);
    form.set("client_secret", provider.clientSecret);
  }
  let idToken: unknown;
  try {
    const answer = await requestPublic(flow.tokenEndpoint, { method: "POST", form, headers, allowLoopback: platform.env.SSO_ALLOW_LOOPBACK });
    if (answer.status >= 500) return refuse("provider_unavailable", SSO_REFUSED.providerDown(flow.domain), { domain: flow.domain, status: answer.status }, LOGIN_FAILED_TITLE, 503);
    const body = JSON.parse(answer.text) as { id_token?: unknown; error?: unknown };
    if (answer.status !== 200) return refuse("token_refused", SSO_REFUSED.providerRefused, { domain: flow.domain, error: String(body.error ?? answer.status).slice(0, 100) });
    idToken = body.id_token;
  } catch (error) {
    if (error instanceof PublicFetchError) return refuse("provider_unavailable", SSO_REFUSED.providerDown(flow.domain), { domain: flow.domain }, LOGIN_FAILED_TITLE, 503);
    if (error instanceof SyntaxError) return refuse("token_refused", SSO_REFUSED.providerRefused, { domain: flow.domain });
    throw error;
  }
  if (typeof idToken !== "string") return refuse("no_id_token", SSO_REFUSED.badToken, { domain: flow.domain });

  const claims = await verifiedClaims(platform, flow, provider, idToken);
  if (claims === "unavailable") return refuse("provider_unavailable", SSO_REFUSED.providerDown(flow.domain), { domain: flow.domain }, LOGIN_FAILED_TITLE, 503);
  if (!claims) return refuse("bad_id_token", SSO_REFUSED.badToken, { domain: flow.domain });
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || claims.email_verified !== true) return refuse("email_unverified", SSO_REFUSED.unverifiedEmail, { domain: flow.domain });
  if (domainOf(email) !== flow.domain) return refuse("outside_domain", SSO_REFUSED.outsideDomain(email, flow.domain), { domain: flow.domain, email }, LOGIN_FAILED_TITLE, 403);

  const [user] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email));
  if (!user) return refuse("unknown_account", SSO_REFUSED.unknownAccount(email), { domain: flow.domain, email }, LOGIN_FAILED_TITLE, 403);
  if (!(await isBackOfficeUser(db, user.id))) {
    await recordAuditEvent(db, { type: "login_refused", userId: user.id, details: { method: "sso", portal: "admin", domain: flow.domain } }, meta);
    return failedAs(ACCESS_DENIED_TITLE, 403, NOT_ADMIN_MESSAGE);
  }

  const session = await openProvenSession(platform, user.id, meta);
  if (!session.ok) return session;
  const [profile] = await db.select({ is2faEnabled: profiles.is2faEnabled }).from(profiles).where(eq(profiles.id, user.id));
  const secondFactorRequired = Boolean(profile?.is2faEnabled);
  if (!secondFactorRequired) await recordAuditEvent(db, { type: "login_success", userId: user.id, details: { method: "sso", portal: "admin", domain: flow.domain } }, meta);
  return succeeded({ headers: session.value.headers, userId: user.id, secondFactorRequired, redirectTo: flow.redirectTo });
}
