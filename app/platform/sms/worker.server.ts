import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { DatabaseHandle } from "~/platform/db/client.server";
import { smsOutbox } from "~/platform/db/schema";
import { OutboxLoop } from "~/platform/outbox/outbox-loop.server";
import { SmsValidationError } from "./outbox.server";
import { SmsRejectedError, type SmsTransport } from "./transport.server";

/** The channel the sms_outbox INSERT trigger notifies (see the migration). */
export const SMS_OUTBOX_CHANNEL = "apiary_sms_outbox";

export type SmsWorkerOptions = {
  handle: DatabaseHandle;
  transport: SmsTransport;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
  /** Attempts per text before it is marked failed (a code is worth nothing after 10 minutes anyway). */
  maxAttempts?: number;
  /** First retry delay; doubles per attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  leaseMs?: number;
};

type SmsRow = typeof smsOutbox.$inferSelect;

/**
 * Delivers the SMS outbox on the loop the mail worker uses (OutboxLoop): rows claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, so several instances never send one text twice at once
 * and a worker that dies only delays its rows; a failed post is retried with exponential backoff,
 * and a text is marked failed (kept, with its last error) only after `maxAttempts`.
 */
export class SmsWorker {
  readonly name = "sms worker";
  private readonly options: Required<Omit<SmsWorkerOptions, "handle" | "transport" | "logger">>;
  private readonly loop: OutboxLoop;

  constructor(private readonly deps: SmsWorkerOptions) {
    this.options = {
      pollMs: deps.pollMs ?? 5_000,
      batchSize: deps.batchSize ?? 10,
      maxAttempts: deps.maxAttempts ?? 6,
      baseDelayMs: deps.baseDelayMs ?? 2_000,
      maxDelayMs: deps.maxDelayMs ?? 120_000,
      leaseMs: deps.leaseMs ?? 60_000,
    };
    this.loop = new OutboxLoop({ name: this.name, handle: deps.handle, channel: SMS_OUTBOX_CHANNEL, logger: deps.logger, pollMs: this.options.pollMs, processBatch: () => this.processBatch() });
  }

  /** Listens for new texts, polls as a fallback, and delivers whatever is already due. */
  start(): Promise<void> {
    return this.loop.start();
  }

  /** Stops waking up and waits for the batch in progress. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Delivers batches until nothing is due; resolves to the number of rows handled. */
  drain(): Promise<number> {
    return this.loop.drain();
  }

  /** Claims and handles one batch; resolves to the number of rows claimed. */
  runOnce(): Promise<number> {
    return this.loop.runOnce();
  }

  private async processBatch(): Promise<number> {
    const rows = await this.claim();
    for (const row of rows) await this.deliver(row);
    return rows.length;
  }

  private async claim(): Promise<SmsRow[]> {
    const db = this.deps.handle.db;
    const due = db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.status, "pending"), lte(smsOutbox.nextAttemptAt, sql`now()`), or(isNull(smsOutbox.lockedUntil), lt(smsOutbox.lockedUntil, sql`now()`))))
      .orderBy(asc(smsOutbox.id))
      .limit(this.options.batchSize)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(smsOutbox)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${this.options.leaseMs / 1000})`, attempts: sql`${smsOutbox.attempts} + 1` })
      .where(inArray(smsOutbox.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  private async deliver(row: SmsRow) {
    const db = this.deps.handle.db;
    try {
      await this.deps.transport.send(
        { id: row.id, idempotencyKey: row.idempotencyKey, to: row.to, body: row.body },
        { signal: AbortSignal.timeout(Math.floor(this.options.leaseMs * 0.5)) },
      );
    } catch (error) {
      const lastError = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);
      const permanent = error instanceof SmsRejectedError || error instanceof SmsValidationError;
      const stillPending = and(eq(smsOutbox.id, row.id), eq(smsOutbox.status, "pending"));
      const context = { smsId: row.id, purpose: row.purpose, attempts: row.attempts, error: lastError };
      if (permanent || row.attempts >= this.options.maxAttempts) {
        await db.update(smsOutbox).set({ status: "failed", lastError, lockedUntil: null }).where(stillPending);
        this.deps.logger.error(context, `text message failed for good after ${row.attempts} attempt(s)`);
        return;
      }
      const delayMs = Math.round(Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (row.attempts - 1)) * (1 + Math.random() * 0.1));
      await db
        .update(smsOutbox)
        .set({ lastError, lockedUntil: null, nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})` })
        .where(stillPending);
      this.deps.logger.warn({ ...context, retryInMs: delayMs }, "text message not delivered; will retry");
      return;
    }
    await db.update(smsOutbox).set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lastError: null }).where(eq(smsOutbox.id, row.id));
  }
}
