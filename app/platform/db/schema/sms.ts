import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { outboxStatus } from "./enums";

/**
 * Text-message outbox, the SMS twin of `outbox_messages`: a row is written in the transaction of
 * the change it reports (a sign-in code), and the SMS worker delivers it with retries. `to` is an
 * E.164 number; `idempotency_key` makes a second enqueue of the same message a no-op.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    purpose: text("purpose").notNull(),
    to: text("to").notNull(),
    body: text("body").notNull(),
    status: outboxStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("sms_outbox_attempts_check", sql`${t.attempts} >= 0`),
    check("sms_outbox_to_check", sql`${t.to} ~ '^\\+[1-9][0-9]{5,14}$'`),
    index("sms_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
