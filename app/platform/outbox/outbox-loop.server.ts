import type { Logger } from "pino";
import type { DatabaseHandle } from "~/platform/db/client.server";

export type OutboxLoopOptions = {
  /** Said in the log: "mail worker", "sms worker". */
  name: string;
  handle: DatabaseHandle;
  /** The channel the outbox table's INSERT trigger notifies. */
  channel: string;
  logger: Logger;
  /** Fallback poll interval; NOTIFY normally wakes the loop at once. */
  pollMs: number;
  /** Claims and handles one batch of due rows; resolves to the number claimed. */
  processBatch: () => Promise<number>;
};

/**
 * The delivery loop every outbox shares (e-mail, text messages): woken by the table's NOTIFY and
 * by a poll as a fallback, it handles batches until nothing is due, one batch at a time per
 * worker whoever asked for it, and stops between batches. What a batch is (which table, which
 * transport, how failures are retried) is the outbox's own `processBatch`.
 */
export class OutboxLoop {
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private loop: Promise<void> | undefined;
  private wakeAgain = false;
  // Batches of one worker run one after another, whoever asked for them.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: OutboxLoopOptions) {}

  /** Listens for new rows, polls as a fallback, and delivers whatever is already due (e.g. left over from before a restart). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const { handle, channel, logger, pollMs, name } = this.options;
    this.timer = setInterval(() => this.wake(), pollMs);
    this.timer.unref();
    try {
      const unlisten = await handle.listen(channel, () => this.wake());
      if (this.started) this.unlisten = unlisten;
      else await unlisten();
    } catch (error) {
      // Polling still delivers everything, only later.
      logger.warn({ err: error }, `${name} could not LISTEN for new rows; polling only`);
    }
    this.wake();
  }

  /** Stops waking up and waits for the batch in progress, so no row is left half-handled. */
  async stop(): Promise<void> {
    this.started = false;
    clearInterval(this.timer);
    this.timer = undefined;
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch(() => {});
    await this.loop;
    await this.queue;
  }

  /** Delivers batches until nothing is due; resolves to the number of rows handled. */
  drain(): Promise<number> {
    return this.drainWhile(() => true);
  }

  /** Claims and handles one batch; resolves to the number of rows claimed. */
  runOnce(): Promise<number> {
    const run = this.queue.then(() => this.options.processBatch());
    this.queue = run.catch(() => {});
    return run;
  }

  private wake() {
    if (!this.started) return;
    if (this.loop) {
      this.wakeAgain = true;
      return;
    }
    this.loop = (async () => {
      do {
        this.wakeAgain = false;
        try {
          await this.drainWhile(() => this.started);
        } catch (error) {
          this.options.logger.error({ err: error }, `${this.options.name} batch failed; retrying on the next poll`);
          return;
        }
      } while (this.wakeAgain && this.started);
    })().finally(() => {
      this.loop = undefined;
    });
  }

  private async drainWhile(go: () => boolean): Promise<number> {
    let total = 0;
    while (go()) {
      const claimed = await this.runOnce();
      total += claimed;
      if (claimed === 0) break;
    }
    return total;
  }
}
