import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { outboxStatus } from "./enums";

export type OutboxAttachment = { filename: string; content: string; contentType: string };

/**
 * Transactional e-mail outbox: a row is written in the same transaction as the change it
 * reports, and the mail worker delivers it. `idempotency_key` makes a second enqueue of the
 * same message a no-op; `locked_until` is the lease of the worker that is sending it.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    template: text("template").notNull(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    status: outboxStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("outbox_messages_attempts_check", sql`${t.attempts} >= 0`),
    index("outbox_messages_due_idx").on(t.status, t.nextAttemptAt),
    // A person's page lists the e-mails sent to them, newest first, matched without case.
    index("outbox_messages_to_idx").on(sql`lower(${t.to})`, t.createdAt.desc()),
  ],
);

/** Small key/value facts about this database, e.g. when the demo data was first loaded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters for rate limits, kept in the database so they survive restarts and
 * hold across app instances. `key` names the rule and the subject, e.g. `sign-in:ip:203.0.113.9`.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
});
