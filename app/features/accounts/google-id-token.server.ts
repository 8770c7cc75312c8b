import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { failedAs, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import { z } from "~/platform/zod";
import { recordAuditEvent } from "./audit.server";
import { checkForm } from "./form-input";
import { acceptedIssuers, issuerOfDiscoveryUrl } from "./google-issuer";
import { limits, tooManyAttemptsMessage } from "./limits";
import { LOGIN_FAILED_TITLE, SIGN_IN_WAYS, VALIDATION_ERROR_TITLE } from "./messages";
import type { RequestMeta } from "./request-meta";
import { consumeNonce, issueNonce } from "./sign-in-nonce.server";
import { signInVerified, type SignedInBy } from "./verified-sign-in.server";

/** POST /token grant_type=id_token: the catalogue's fields, and the door it is used at. */
export const IdTokenSignInSchema = z.object({
  provider: z.literal("google"),
  id_token: z.string().min(20).max(8000),
  nonce: z.string().max(200).optional(),
  door: z.enum(["customer", "admin"]).default("customer"),
});

export { issuerOfDiscoveryUrl } from "./google-issuer";

type Provider = { issuers: string[]; keys: JWTVerifyGetKey };
const providers = new WeakMap<Platform, Promise<Provider>>();

/**
 * The configured provider's issuer and published keys, read from its discovery document once per
 * platform; a failed read is forgotten, so the next sign-in tries again. jose keeps the key set,
 * and fetches it anew when a token names a key it has not seen (Google rotates them).
 */
function providerOf(platform: Platform): Promise<Provider> {
  let provider = providers.get(platform);
  if (!provider) {
    provider = (async () => {
      const response = await fetch(platform.env.GOOGLE_DISCOVERY_URL, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`OpenID discovery answered ${response.status}`);
      const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
      if (typeof document.issuer !== "string" || typeof document.jwks_uri !== "string") throw new Error("OpenID discovery has no issuer or jwks_uri");
      const pinned = issuerOfDiscoveryUrl(platform.env.GOOGLE_DISCOVERY_URL);
      if (document.issuer !== pinned) throw new Error(`OpenID discovery names the issuer ${document.issuer}, not ${pinned} whose document it is meant to be`);
      const issuers = acceptedIssuers(platform.env.GOOGLE_DISCOVERY_URL);
      return { issuers, keys: createRemoteJWKSet(new URL(document.jwks_uri)) };
    })();
    provider.catch(() => providers.delete(platform));
    providers.set(platform, provider);
  }
  return provider;
}

export type IdTokenClaims = { sub: string; email: string; emailVerified: boolean; name: string; nonce: string };

type Checked = { ok: true; claims: IdTokenClaims } | { ok: false; reason: "provider" | "token" | "claims" | "nonce" };

/**
 * An ID token from the configured Google client: signed by a key the provider publishes (RS256
 * only, so `alg: none` and a key of the token's own choosing never pass), from its issuer, for
 * GOOGLE_CLIENT_ID, not expired (a minute of clock skew), with an e-mail, and carrying a nonce this
 * server issued and never spent (and, when the request names one, that one).
 */
export async function checkGoogleIdToken(platform: Platform, idToken: string, expectedNonce?: string): Promise<Checked> {
  const clientId = platform.env.GOOGLE_CLIENT_ID;
  if (!clientId) return { ok: false, reason: "token" };
  let provider: Provider;
  try {
    provider = await providerOf(platform);
  } catch (error) {
    platform.logger.error({ err: error }, "Google ID-token sign-in is unavailable: its discovery document could not be read or names another issuer");
    return { ok: false, reason: "provider" };
  }
  const now = new Date(platform.clock.now());
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, provider.keys, {
      issuer: provider.issuers,
      audience: clientId,
      algorithms: ["RS256"],
      currentDate: now,
      clockTolerance: 60,
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return { ok: false, reason: "token" };
    throw error;
  }
  const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : "";
  const sub = typeof payload.sub === "string" ? payload.sub : "";
  if (!email || !sub || !z.email().safeParse(email).success) return { ok: false, reason: "claims" };
  const nonce = typeof payload.nonce === "string" ? payload.nonce : "";
  if (!nonce || (expectedNonce !== undefined && expectedNonce !== nonce)) return { ok: false, reason: "nonce" };
  if (!(await consumeNonce(platform.db, "id_token", nonce, now))) return { ok: false, reason: "nonce" };
  const emailVerified = payload.email_verified === true || payload.email_verified === "true";
  const name = typeof payload.name === "string" ? payload.name.slice(0, 200) : "";
  return { ok: true, claims: { sub, email, emailVerified, name, nonce } };
}

/**
 * Sign-in with a Google ID token (Google One Tap, or an app of the organisation's). After the
 * token's checks, the account rules are those of the redirect sign-in: the Google identity
 * already kept signs in its account; a new one joins an account of the same address only when
 * both have verified it; otherwise a new customer is made (with the address verified when Google
 * says so). Staff at the admin door are asked for their code when 2FA is on.
 */
export async function signInWithIdToken(platform: Platform, input: unknown, meta: RequestMeta): Promise<Result<SignedInBy>> {
  const checked = checkForm(IdTokenSignInSchema, input, VALIDATION_ERROR_TITLE);
  if (!checked.ok) return checked;
  if (!platform.env.GOOGLE_CLIENT_ID) return failedAs(LOGIN_FAILED_TITLE, 404, SIGN_IN_WAYS.unavailable);
  const { id_token: idToken, nonce, door } = checked.value;
  const byAddress = await hitRateLimit(platform.db, limits.signInByAddress, meta.clientAddress);
  if (!byAddress.allowed) return failedAs(LOGIN_FAILED_TITLE, 429, tooManyAttemptsMessage(byAddress.retryAfterSeconds));

  const proof = await checkGoogleIdToken(platform, idToken, nonce);
  if (!proof.ok && proof.reason === "provider") return failedAs(LOGIN_FAILED_TITLE, 503, SIGN_IN_WAYS.unavailable);
  if (!proof.ok) {
    await recordAuditEvent(platform.db, { type: "login_failed", details: { method: "google_id_token", portal: door, reason: proof.reason } }, meta);
    return failedAs(LOGIN_FAILED_TITLE, 401, SIGN_IN_WAYS.badToken);
  }
  const { sub, email, emailVerified, name } = proof.claims;
  return signInVerified(platform, { providerId: "google", accountId: sub, email, emailVerified, name }, door, meta);
}

/** A nonce for Google One Tap (`nonce` of google.accounts.id.initialize): Google puts it in the ID token, and the token's sign-in spends it. */
export async function issueIdTokenNonce(platform: Platform, meta: RequestMeta): Promise<Result<{ nonce: string }>> {
  if (!platform.env.GOOGLE_CLIENT_ID) return failedAs(LOGIN_FAILED_TITLE, 404, SIGN_IN_WAYS.unavailable);
  const limit = await hitRateLimit(platform.db, limits.walletChallengeByAddress, meta.clientAddress);
  if (!limit.allowed) return failedAs(LOGIN_FAILED_TITLE, 429, tooManyAttemptsMessage(limit.retryAfterSeconds));
  const { nonce } = await issueNonce(platform.db, "id_token", new Date(platform.clock.now()));
  return succeeded({ nonce });
}
