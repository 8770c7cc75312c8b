import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { outboxMessages, type OutboxAttachment } from "~/platform/db/schema";
import { renderTemplate, type TemplateName, type TemplateProps } from "./templates";
import { assertAttachments, assertDeliverable, assertHeaderText, assertSingleAddress, MailValidationError } from "./validation";

export type OutboxMessageInput = {
  /** Which template produced the message; kept for the admin view and for debugging. */
  template: string;
  /** Same key, same message: a second enqueue with it is ignored. E.g. `booking-confirmation:<booking id>`. */
  idempotencyKey: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** `content` is base64; see `attachment()`. */
  attachments?: OutboxAttachment[];
  /**
   * Seconds the message waits before the worker may send it: while it waits, the change it
   * reports can still be taken back with the message (`withdrawHeldMail`), an Undo.
   */
  holdSeconds?: number;
};

export type Enqueued = { enqueued: true; id: number } | { enqueued: false };

/**
 * Stores a message for the mail worker. Pass the transaction that makes the change the
 * message reports, so the mail exists exactly when the change commits. Malformed addresses
 * or header values throw `MailValidationError` here, where the caller can still react,
 * rather than failing later in the worker.
 */
export async function enqueueMail(db: Queryable, message: OutboxMessageInput): Promise<Enqueued> {
  validate(message);
  const rows = await db
    .insert(outboxMessages)
    .values({
      idempotencyKey: message.idempotencyKey,
      template: message.template,
      to: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: message.attachments ?? [],
      ...(message.holdSeconds ? { nextAttemptAt: sql`now() + make_interval(secs => ${message.holdSeconds})` } : {}),
    })
    .onConflictDoNothing({ target: outboxMessages.idempotencyKey })
    .returning({ id: outboxMessages.id });
  const row = rows[0];
  return row ? { enqueued: true, id: row.id } : { enqueued: false };
}

export type EnqueueTemplateOptions = Pick<OutboxMessageInput, "to" | "replyTo" | "idempotencyKey" | "attachments" | "holdSeconds">;

/** Renders `template` with `props` and enqueues the result (see `enqueueMail`). */
export async function enqueueTemplate<N extends TemplateName>(
  db: Queryable,
  template: N,
  props: TemplateProps<N>,
  options: EnqueueTemplateOptions,
): Promise<Enqueued> {
  const rendered = await renderTemplate(template, props);
  return enqueueMail(db, { template, ...options, ...rendered });
}

/** Which of `keys` have a message in the outbox (queued, held or sent). */
export async function mailKeysAmong(db: Queryable, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.select({ key: outboxMessages.idempotencyKey }).from(outboxMessages).where(inArray(outboxMessages.idempotencyKey, [...keys]));
  return rows.map((row) => row.key);
}

/**
 * Takes back messages the worker has never tried to send (held ones, see `holdSeconds`), by
 * idempotency key, in the caller's transaction; returns the keys taken back. A message a worker
 * has claimed, or tried, stays: it may be on its way, and whatever reported it must stand.
 */
export async function withdrawHeldMail(db: Queryable, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .delete(outboxMessages)
    .where(and(inArray(outboxMessages.idempotencyKey, [...keys]), eq(outboxMessages.status, "pending"), eq(outboxMessages.attempts, 0), isNull(outboxMessages.lockedUntil)))
    .returning({ key: outboxMessages.idempotencyKey });
  return rows.map((row) => row.key);
}

function validate(message: OutboxMessageInput) {
  assertHeaderText("template", message.template, { maxLength: 100 });
  assertHeaderText("idempotencyKey", message.idempotencyKey, { maxLength: 500 });
  assertSingleAddress("to", message.to);
  assertDeliverable("to", message.to);
  if (message.replyTo !== undefined) assertSingleAddress("replyTo", message.replyTo);
  assertHeaderText("subject", message.subject);
  if (typeof message.html !== "string" || typeof message.text !== "string" || message.text.trim() === "") {
    throw new MailValidationError("html and text must both be given");
  }
  assertAttachments(message.attachments ?? []);
  if (message.holdSeconds !== undefined && !(Number.isInteger(message.holdSeconds) && message.holdSeconds >= 0 && message.holdSeconds <= 3600)) {
    throw new MailValidationError("holdSeconds must be a whole number of seconds, at most an hour");
  }
}
