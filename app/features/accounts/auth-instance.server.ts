import { createHash } from "node:crypto";
import { betterAuth, getCurrentAdapter, type BetterAuthPlugin } from "better-auth";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins";
import { enqueueTemplate } from "~/platform/mail/outbox.server";
import type { Platform } from "~/platform/runtime.server";
import { accounts, profiles, sessions, sponsors, userRoles, users, verifications } from "~/platform/db/schema";
import { hashPassword, verifyPassword } from "~/platform/security/password-hash.server";
import { ACCOUNT_DISABLED_CODE, ACCOUNT_DISABLED_MESSAGE } from "./account-disabled";
import { pinnedGoogleProfile } from "./google-issuer";
import { hasContactEmail } from "./no-email";
import { provenSessions } from "./open-session.server";
import { RESET_TOKEN_SECONDS, SESSION_IDLE_SECONDS } from "./session-lifetimes";
import { verifiedIdentitySignIn } from "./verified-identity.server";

/** What is written over a provider's tokens in every account row (see the account hooks). */
const WITHOUT_PROVIDER_TOKENS = { accessToken: null, refreshToken: null, idToken: null, accessTokenExpiresAt: null, refreshTokenExpiresAt: null };

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

/**
 * Better Auth keeps accounts, password hashes, sessions, e-mail verification, reset tokens
 * and Google sign-in. Only its OAuth callback and e-mail verification link are reachable from
 * the browser (see routes/auth/api.auth.$.ts); everything else is called from our actions,
 * which add rate limits, the Origin check, 2FA and role rules.
 */
export function createAuth(platform: Platform) {
  const { env, db } = platform;
  const googleConfigured = Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);

  // Lets the hook below write rows Better Auth does not know, inside its own transaction.
  const apiaryModels = {
    id: "apiary-models",
    schema: {
      profile: {
        modelName: "profile",
        disableMigration: true,
        fields: { email: { type: "string", required: true }, phoneNumber: { type: "string", required: false } },
      },
      sponsor: {
        modelName: "sponsor",
        disableMigration: true,
        fields: {
          userId: { type: "string", required: true },
          email: { type: "string", required: true },
          companyName: { type: "string", required: false },
          phoneNumber: { type: "string", required: false },
        },
      },
      userRole: {
        modelName: "userRole",
        disableMigration: true,
        fields: { userId: { type: "string", required: true }, role: { type: "string", required: true } },
      },
    },
  } satisfies BetterAuthPlugin;

  return betterAuth({
    appName: "Apiary",
    baseURL: env.APP_URL,
    secret: platform.authSecret,
    trustedOrigins: [new URL(env.APP_URL).origin],
    telemetry: { enabled: false },
    // Its warnings (unknown user on reset, unlinked Google account, …) join our JSON logs.
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const log = level === "error" ? platform.logger.error : level === "warn" ? platform.logger.warn : platform.logger.info;
        log.call(platform.logger, { component: "better-auth", details: args.length ? args : undefined }, message);
      },
    },
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        profile: profiles,
        sponsor: sponsors,
        userRole: userRoles,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // The spec's customer minimum; admin-set and reset passwords are held to more in our schemas.
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, token }) => {
        // An account without an e-mail address (phone, wallet) has nowhere to receive the link.
        if (!hasContactEmail(user.email)) return;
        const url = `${env.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
        await enqueueTemplate(db, "password-reset", { url }, { to: user.email, idempotencyKey: `password-reset:${sha256(token)}` });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url, token }) => {
        // A wallet's stand-in address (no-email.ts) is never written to.
        if (!hasContactEmail(user.email)) return;
        // Each request is a message of its own: a token only carries a one-second timestamp, so a
        // resend in the same second as the sign-up has the same token, and must still be sent.
        const idempotencyKey = `verify-email:${sha256(token)}:${crypto.randomUUID()}`;
        await enqueueTemplate(db, "verify-email", { url }, { to: user.email, idempotencyKey });
      },
    },
    // Reset and verification tokens are stored as hashes, never as they are sent.
    verification: { storeIdentifier: "hashed" },
    user: { additionalFields: { disabledAt: { type: "date", required: false, input: false } } },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: 24 * 60 * 60,
      additionalFields: {
        secondFactorAt: { type: "date", required: false, input: false },
        signedInWith: { type: "string", required: false, input: false },
        signedInPasskeyId: { type: "string", required: false, input: false },
      },
    },
    // A Google identity joins an existing account only if both sides have verified the e-mail.
    // Linked by the person themselves (the sign-in ways card: their session, then Google's
    // proof), it may carry another address: a phone or wallet account has none to match.
    account: { accountLinking: { enabled: true, trustedProviders: [], allowDifferentEmails: true } },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "apiary",
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: ["x-apiary-client-address"] },
    },
    databaseHooks: {
      session: {
        create: {
          // The one door every sign-in passes (password, Google, codes, wallets, ID tokens,
          // passkeys: each ends in createSession): a disabled account gets no session, whatever proved it.
          before: async (session, ctx) => {
            const reader = ctx ? await getCurrentAdapter(ctx.context.adapter) : null;
            const user = reader
              ? await reader.findOne<{ disabledAt?: Date | null }>({ model: "user", where: [{ field: "id", value: session.userId }] })
              : (await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, session.userId)))[0];
            if (user?.disabledAt) throw new APIError("FORBIDDEN", { code: ACCOUNT_DISABLED_CODE, message: ACCOUNT_DISABLED_MESSAGE });
          },
        },
      },
      account: {
        // Google's access, refresh and ID tokens are checked at sign-in and never used after: not kept.
        update: { before: async (account) => ({ data: { ...account, ...WITHOUT_PROVIDER_TOKENS } }) },
        create: {
          // Runs inside the sign-up transaction, right after the user row: a new customer gets
          // their profile, the customer role and their sponsor record atomically.
          before: async (account, ctx) => {
            const kept = { data: { ...account, ...WITHOUT_PROVIDER_TOKENS } };
            if (!ctx) return kept;
            const tx = await getCurrentAdapter(ctx.context.adapter);
            const existing = await tx.findOne<{ id: string }>({ model: "profile", where: [{ field: "id", value: account.userId }] });
            if (existing) return kept;
            const user = await tx.findOne<{ email: string }>({ model: "user", where: [{ field: "id", value: account.userId }] });
            if (!user) return kept;
            const body = (ctx.body ?? {}) as { companyName?: unknown; phoneNumber?: unknown };
            const optional = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
            await tx.create({ model: "profile", data: { id: account.userId, email: user.email, phoneNumber: optional(body.phoneNumber) }, forceAllowId: true });
            await tx.create({ model: "userRole", data: { id: crypto.randomUUID(), userId: account.userId, role: "customer" }, forceAllowId: true });
            await tx.create({
              model: "sponsor",
              data: {
                id: crypto.randomUUID(),
                userId: account.userId,
                email: user.email,
                companyName: optional(body.companyName),
                phoneNumber: optional(body.phoneNumber),
              },
              forceAllowId: true,
            });
            return kept;
          },
        },
      },
    },
    plugins: [
      apiaryModels,
      // Sessions for people our own commands proved (a code, a passkey) or identities they verified (a wallet, an ID token).
      provenSessions,
      verifiedIdentitySignIn(),
      ...(googleConfigured
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  discoveryUrl: env.GOOGLE_DISCOVERY_URL,
                  clientId: env.GOOGLE_CLIENT_ID!,
                  clientSecret: env.GOOGLE_CLIENT_SECRET!,
                  scopes: ["openid", "email", "profile"],
                  requireIdTokenVerification: true,
                  // The issuer pinned to the discovery document's own address (google-issuer.ts).
                  getUserInfo: async (tokens) => pinnedGoogleProfile(tokens.idToken, env.GOOGLE_DISCOVERY_URL),
                  mapProfileToUser: (profile) => ({ name: String(profile.name ?? profile.email ?? "") }),
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
