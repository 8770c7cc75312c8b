import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id } from "./columns";

/**
 * A person's verified second factors, each with the name they gave it: an authenticator app
 * ("totp": its secret stays sealed on the profile, one per person) or a phone that is texted a
 * code at each sign-in ("phone"). Any row here makes every new session wait for one of them
 * (profiles.is_2fa_enabled is kept true exactly while a row exists).
 */
export const secondFactors = pgTable(
  "second_factors",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    friendlyName: text("friendly_name").notNull(),
    /** The number a phone factor is texted at, E.164; null for an authenticator app. */
    phoneNumber: text("phone_number"),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    index("second_factors_user_id_idx").on(t.userId),
    // One authenticator app per person (its secret is the profile's), and a number once per person.
    uniqueIndex("second_factors_one_totp_idx").on(t.userId).where(sql`${t.kind} = 'totp'`),
    unique("second_factors_user_phone_unique").on(t.userId, t.phoneNumber),
    check("second_factors_kind_check", sql`${t.kind} in ('totp', 'phone')`),
    check("second_factors_phone_check", sql`(${t.kind} = 'phone') = (${t.phoneNumber} is not null)`),
    check("second_factors_name_check", sql`length(${t.friendlyName}) between 1 and 60`),
  ],
);
