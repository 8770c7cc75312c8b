import { boolean, index, pgTable, uniqueIndex, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { passkeys } from "./passkeys";

/**
 * The tables Better Auth works with (core schema: user, session, account, verification),
 * named in the plural like ours; the auth configuration maps its model names to them.
 * Ids are text because Better Auth generates them.
 */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    /** Set by an administrator: no way of signing in opens a session while it is set (account-access.server.ts). */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Activity's search by a piece of a person's e-mail.
  (t) => [index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops"))],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** When this session passed the second factor; a 2FA user's session without it is not granted. */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    /** When the person last proved again who they are in this session (see fresh-proof.server.ts). */
    provenAt: timestamp("proven_at", { withTimezone: true }),
    /** How the session began when it is not a password or Google ("passkey": both factors at once). */
    signedInWith: text("signed_in_with"),
    /** The passkey this session began with: removing that passkey ends the session (the cascade). */
    signedInPasskeyId: uuid("signed_in_passkey_id").references(() => passkeys.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_signed_in_passkey_id_idx").on(t.signedInPasskeyId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One identity (a Google subject, a wallet, a number) belongs to one account, whichever of
  // linking and a first sign-in with it comes first.
  (t) => [index("accounts_user_id_idx").on(t.userId), uniqueIndex("accounts_provider_account_idx").on(t.providerId, t.accountId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);
