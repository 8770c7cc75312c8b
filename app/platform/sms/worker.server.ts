import type { Logger } from "pino";
import type { DatabaseHandle } from "~/platform/db/client.server";
import { smsOutbox } from "~/platform/db/schema";
import { OutboxLoop } from "~/platform/outbox/outbox-loop.server";
import * as outboxRows from "~/platform/outbox/outbox-rows.server";
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
    const rows = await outboxRows.claimDue(this.deps.handle.db, smsOutbox, this.options);
    for (const row of rows) await this.deliver(row);
    return rows.length;
  }

  private async deliver(row: SmsRow) {
    const db = this.deps.handle.db;
    try {
      await this.deps.transport.send(
        { id: row.id, idempotencyKey: row.idempotencyKey, to: row.to, body: row.body },
        { signal: AbortSignal.timeout(Math.floor(this.options.leaseMs * 0.5)) },
      );
    } catch (error) {
      const permanent = error instanceof SmsRejectedError || error instanceof SmsValidationError;
      const outcome = await outboxRows.recordFailure(db, smsOutbox, row, { error, permanent, retry: this.options });
      const context = { smsId: row.id, purpose: row.purpose, attempts: row.attempts, error: outcome.lastError };
      if (outcome.failed) this.deps.logger.error(context, `text message failed for good after ${row.attempts} attempt(s)`);
      else this.deps.logger.warn({ ...context, retryInMs: outcome.retryInMs }, "text message not delivered; will retry");
      return;
    }
    await outboxRows.markSent(db, smsOutbox, row.id);
  }
}
