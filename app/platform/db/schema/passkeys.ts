import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id } from "./columns";

/**
 * A person's passkeys (WebAuthn credentials): the public key the authenticator made for this
 * site, its signature counter, how the browser can reach it, and the name the person gave it.
 * Nothing here is secret: a passkey's private key never leaves the authenticator.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id the authenticator chose, base64url: what a sign-in names. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter (0 for those that keep none, as synced passkeys do). */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    /** "singleDevice" or "multiDevice" (synced), and whether it is backed up now. */
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId), check("passkeys_name_check", sql`length(${t.name}) between 1 and 60`)],
);

/**
 * The challenges handed out for a passkey ceremony, each used once: removed as it is checked,
 * whatever the outcome, and refused after `expires_at`. Stored as a SHA-256 hash. `purpose` is
 * "register" or "reauthenticate" (for `user_id`), or "sign-in:customer" / "sign-in:admin" (the door that asked).
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    challengeHash: text("challenge_hash").primaryKey(),
    purpose: text("purpose").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("passkey_challenges_expires_at_idx").on(t.expiresAt), check("passkey_challenges_purpose_check", sql`${t.purpose} in ('register', 'sign-in:customer', 'sign-in:admin', 'reauthenticate')`)],
);
