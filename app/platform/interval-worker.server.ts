import type { Logger } from "./logger.server";
import type { BackgroundWorker } from "./runtime.server";

/**
 * Scheduled work of one kind: a round at start (so a server that was down catches up), then one
 * every `everyMs`, never two at once in this process; rounds that claim their rows with
 * `FOR UPDATE SKIP LOCKED` keep several servers from doing the same row. Stopping waits for the
 * round in flight.
 */
export class IntervalWorker implements BackgroundWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    readonly name: string,
    private readonly round: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly logger: Logger,
  ) {}

  start() {
    const tick = () => {
      this.running = this.running.then(this.round).catch((error: unknown) => this.logger.error({ err: error }, `${this.name} round failed`));
    };
    tick();
    this.timer = setInterval(tick, this.everyMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.running;
  }
}
