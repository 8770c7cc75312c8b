import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { handleOAuthUserInfo } from "better-auth/oauth2";
import { z } from "~/platform/zod";

/** An identity our own code has already proven (a wallet's signature, a Google ID token). */
export type VerifiedIdentity = {
  /** "google", "ethereum" or "solana": the `accounts` row's provider. */
  providerId: "google" | "ethereum" | "solana";
  /** Google's subject, or the wallet's address: the `accounts` row's account id. */
  accountId: string;
  /** Google's address, or the stand-in address of a wallet (never verified). */
  email: string;
  emailVerified: boolean;
  name: string;
  idToken?: string;
};

const IdentityBody = z.object({
  providerId: z.enum(["google", "ethereum", "solana"]),
  accountId: z.string().min(1).max(200),
  email: z.string().min(3).max(320),
  emailVerified: z.boolean(),
  name: z.string().max(200),
  idToken: z.string().max(20_000).optional(),
});

/**
 * Signs in an identity that a command of ours has verified, with the account rules of the Google
 * redirect sign-in (Better Auth's own `handleOAuthUserInfo`): an identity already kept signs in
 * its account; a new one with the e-mail of an existing account joins it only when both have
 * verified that e-mail; otherwise a new user is made, and the account hook gives it the profile,
 * customer role and sponsor record in the same transaction. Server-only: it has no URL, and the
 * callers check the signature or token first. The session is a fresh one, set as the cookie.
 */
export function verifiedIdentitySignIn() {
  return {
    id: "apiary-verified-identity",
    endpoints: {
      signInVerifiedIdentity: createAuthEndpoint.serverOnly({ method: "POST", body: IdentityBody }, async (ctx) => {
        const identity = ctx.body;
        const outcome = await handleOAuthUserInfo(ctx, {
          userInfo: { id: identity.accountId, email: identity.email.toLowerCase(), emailVerified: identity.emailVerified, name: identity.name },
          account: { providerId: identity.providerId, accountId: identity.accountId, idToken: identity.idToken },
          callbackURL: "/customer-auth",
        });
        if (outcome.error || !outcome.data) {
          throw new APIError("UNAUTHORIZED", { message: outcome.error ?? "unable to sign in", code: String(outcome.error ?? "unable").replaceAll(" ", "_") });
        }
        await setSessionCookie(ctx, outcome.data);
        return ctx.json({ userId: outcome.data.user.id, token: outcome.data.session.token, isRegister: Boolean(outcome.isRegister) });
      }),
    },
  } satisfies BetterAuthPlugin;
}
