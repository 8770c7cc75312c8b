import { decodeJwt } from "jose";

/** Google writes its issuer both ways (its own documentation says to accept either). */
export const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

/**
 * The issuer a discovery document must name: the address it was read from, less
 * `/.well-known/openid-configuration` (OpenID Connect Discovery §4.3), so https://accounts.google.com
 * for Google's. A document that names another issuer (a changed or impersonating one) is not
 * believed, and neither are the tokens it would vouch for (ASVS 10.5.3).
 */
export function issuerOfDiscoveryUrl(discoveryUrl: string): string {
  return discoveryUrl.replace(/\/\.well-known\/openid-configuration$/, "");
}

/** The `iss` values a token may carry from the provider whose document is at `discoveryUrl`. */
export function acceptedIssuers(discoveryUrl: string): string[] {
  const pinned = issuerOfDiscoveryUrl(discoveryUrl);
  return GOOGLE_ISSUERS.includes(pinned) ? GOOGLE_ISSUERS : [pinned];
}

/** What the redirect sign-in takes from Google (Better Auth's generic OAuth profile). */
export type GoogleProfile = { id: string; sub: string; email: string; emailVerified: boolean; name?: string; image?: string };

/**
 * The redirect sign-in's profile (Better Auth's `getUserInfo` hook). Better Auth has verified
 * the ID token by then (signature by the published keys, audience, nonce) but against whatever
 * issuer the discovery document named, with no option to pin it; here that issuer must be the
 * one the document's own address gives (as for the ID-token sign-in), or nobody is signed in.
 * The token itself is read only for its claims: its signature was checked before this runs.
 */
export function pinnedGoogleProfile(idToken: string | undefined, discoveryUrl: string): GoogleProfile | null {
  if (!idToken) return null;
  let claims: Record<string, unknown>;
  try {
    claims = decodeJwt(idToken);
  } catch {
    return null;
  }
  if (typeof claims.iss !== "string" || !acceptedIssuers(discoveryUrl).includes(claims.iss)) return null;
  if (typeof claims.sub !== "string" || !claims.sub || typeof claims.email !== "string") return null;
  const name = typeof claims.name === "string" ? claims.name : undefined;
  const image = typeof claims.picture === "string" ? claims.picture : undefined;
  return { id: claims.sub, sub: claims.sub, email: claims.email, emailVerified: claims.email_verified === true || claims.email_verified === "true", name, image };
}
