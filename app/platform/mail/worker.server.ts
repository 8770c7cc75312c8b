import type { Logger } from "pino";
import type { DatabaseHandle } from "~/platform/db/client.server";
import { outboxMessages } from "~/platform/db/schema";
import { OutboxLoop } from "~/platform/outbox/outbox-loop.server";
import * as outboxRows from "~/platform/outbox/outbox-rows.server";
import type { MailTransport, OutgoingMail } from "./transport.server";
import { MailValidationError } from "./validation";

/** The channel the outbox INSERT trigger notifies (see the migrations). */
export const OUTBOX_CHANNEL = "apiary_outbox";

export type MailWorkerOptions = {
  handle: DatabaseHandle;
  transport: MailTransport;
  logger: Logger;
  /** Fallback poll interval; NOTIFY normally wakes the worker at once. */
  pollMs?: number;
  batchSize?: number;
  /** Messages of a batch sent at the same time (one SMTP connection each). */
  concurrency?: number;
  /** Attempts per message before it is marked failed. */
  maxAttempts?: number;
  /** First retry delay; doubles per attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claimed row stays reserved for this worker. */
  leaseMs?: number;
};

type OutboxRow = typeof outboxMessages.$inferSelect;

/**
 * Delivers the outbox. Several instances (processes or machines sharing PostgreSQL) can run
 * at once: each claims rows with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), so a
 * row is only ever handed to one worker at a time, and a worker that dies mid-batch only
 * delays its rows until the lease runs out.
 */
export class MailWorker {
  private readonly handle: DatabaseHandle;
  private readonly transport: MailTransport;
  private readonly logger: Logger;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly retry: outboxRows.Retry;
  private readonly leaseMs: number;

  private readonly loop: OutboxLoop;

  constructor(options: MailWorkerOptions) {
    this.handle = options.handle;
    this.transport = options.transport;
    this.logger = options.logger;
    this.pollMs = positive("pollMs", options.pollMs ?? 5_000);
    this.batchSize = positive("batchSize", options.batchSize ?? 10);
    this.concurrency = positive("concurrency", options.concurrency ?? 4);
    this.retry = {
      maxAttempts: positive("maxAttempts", options.maxAttempts ?? 8),
      baseDelayMs: nonNegative("baseDelayMs", options.baseDelayMs ?? 2_000),
      maxDelayMs: nonNegative("maxDelayMs", options.maxDelayMs ?? 3_600_000),
    };
    this.leaseMs = positive("leaseMs", options.leaseMs ?? 60_000);
    this.loop = new OutboxLoop({ name: "mail worker", handle: this.handle, channel: OUTBOX_CHANNEL, logger: this.logger, pollMs: this.pollMs, processBatch: () => this.processBatch() });
  }

  /** Listens for new rows, polls as a fallback, and delivers whatever is already due (e.g. left over from before a restart). */
  start(): Promise<void> {
    return this.loop.start();
  }

  /** Stops waking up and waits for the batch in progress, so no row is left half-handled. */
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
    // Measured before the claim, so our idea of the lease ends no later than the database's.
    const claimedAt = performance.now();
    const rows = await outboxRows.claimDue(this.handle.db, outboxMessages, { batchSize: this.batchSize, leaseMs: this.leaseMs });
    const deadline = claimedAt + this.leaseMs * 0.75;
    const unsent: OutboxRow[] = [];
    let next = 0;
    const runner = async () => {
      for (let row = rows[next++]; row; row = rows[next++]) {
        const budget = deadline - performance.now();
        // Too little lease left to send safely: hand the row back rather than risk a second worker sending it too.
        if (budget < this.leaseMs * 0.05) unsent.push(row);
        else await this.deliver(row, budget);
      }
    };
    // allSettled: a database error in one runner must not end the batch while others are mid-send.
    const results = await Promise.allSettled(Array.from({ length: Math.min(this.concurrency, rows.length) }, runner));
    await outboxRows.release(this.handle.db, outboxMessages, unsent.map((row) => row.id));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
    return rows.length;
  }

  private async deliver(row: OutboxRow, budgetMs: number) {
    try {
      await this.transport.send(toOutgoing(row), { signal: AbortSignal.timeout(Math.max(1, Math.floor(budgetMs))) });
    } catch (error) {
      await this.recordFailure(row, error);
      return;
    }
    await this.markSent(row);
  }

  private async markSent(row: OutboxRow) {
    for (let attempt = 1; ; attempt++) {
      try {
        await outboxRows.markSent(this.handle.db, outboxMessages, row.id);
        this.logger.debug({ outboxId: row.id, template: row.template }, "mail sent");
        return;
      } catch (error) {
        if (attempt >= 3) {
          // The lease will run out and the row be sent again; the same Message-ID marks it as a duplicate.
          this.logger.error({ err: error, outboxId: row.id }, "mail was sent but could not be marked as sent");
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  private async recordFailure(row: OutboxRow, error: unknown) {
    // A row that cannot even be composed will not get better by waiting.
    const permanent = error instanceof MailValidationError;
    const outcome = await outboxRows.recordFailure(this.handle.db, outboxMessages, row, { error, permanent, retry: this.retry });
    const context = { outboxId: row.id, template: row.template, attempts: row.attempts, error: outcome.lastError };
    if (outcome.failed) this.logger.error(context, `mail delivery failed for good after ${row.attempts} attempt(s)`);
    else this.logger.warn({ ...context, retryInMs: outcome.retryInMs }, "mail delivery failed; will retry");
  }
}

function toOutgoing(row: OutboxRow): OutgoingMail {
  return {
    id: row.id,
    idempotencyKey: row.idempotencyKey,
    to: row.to,
    replyTo: row.replyTo,
    subject: row.subject,
    html: row.html,
    text: row.text,
    attachments: row.attachments,
  };
}

function positive(name: string, value: number) {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`MailWorker ${name} must be a positive number`);
  return value;
}

function nonNegative(name: string, value: number) {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`MailWorker ${name} must not be negative`);
  return value;
}
