import { EventEmitter } from "node:events";
import { randomBytes } from "node:crypto";
import type { DatabaseHandle } from "../db/client.server";
import type { Logger } from "../logger.server";

export const CHANGES_CHANNEL = "apiary_changes";

export type TableChange = { table: string; op: "INSERT" | "UPDATE" | "DELETE" | "TRUNCATE" };
/** What subscribers get: a change with its event id, or `resync` when changes may have been missed. */
export type FeedEvent = { id: string; kind: "change"; change: TableChange } | { id: string; kind: "resync" };

const REPLAY_LIMIT = 200;

/**
 * Fans database change notifications out to every open event stream of this process.
 * Ids are `<instance>-<sequence>`: a browser that reconnects with a Last-Event-ID from this
 * instance gets what it missed replayed; from elsewhere (another instance, a restart, or too
 * far back) it gets one `resync`, and the page revalidates everything.
 */
export class ChangeFeed {
  readonly instance = randomBytes(4).toString("hex");
  private sequence = 0;
  private readonly recent: FeedEvent[] = [];
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly logger?: Logger) {}

  async start(handle: DatabaseHandle) {
    this.unlisten = await handle.listen(
      CHANGES_CHANNEL,
      (payload) => this.receive(payload),
      () => this.announceResync(),
    );
  }

  /** Ends every open event stream, then stops listening. */
  async stop() {
    this.emitter.emit("close");
    this.emitter.removeAllListeners();
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.();
  }

  /** Called when the LISTEN connection comes back after a drop: notifications may have been lost. */
  announceResync() {
    this.publish({ id: this.nextId(), kind: "resync" });
  }

  subscribe(listener: (event: FeedEvent) => void, onClose?: () => void): () => void {
    this.emitter.on("event", listener);
    if (onClose) this.emitter.on("close", onClose);
    return () => {
      this.emitter.off("event", listener);
      if (onClose) this.emitter.off("close", onClose);
    };
  }

  /** Events after `lastEventId`, or a single resync when they can't be known. */
  since(lastEventId: string): FeedEvent[] {
    const [instance, seq] = lastEventId.split("-");
    const after = Number(seq);
    const oldest = this.recent[0];
    const oldestSeq = oldest ? Number(oldest.id.split("-")[1]) : this.sequence + 1;
    if (instance !== this.instance || !Number.isInteger(after) || after > this.sequence || after < oldestSeq - 1) {
      return [{ id: `${this.instance}-${this.sequence}`, kind: "resync" }];
    }
    return this.recent.filter((event) => Number(event.id.split("-")[1]) > after);
  }

  get lastId() {
    return `${this.instance}-${this.sequence}`;
  }

  private receive(payload: string) {
    try {
      const change = JSON.parse(payload) as TableChange;
      if (typeof change.table !== "string") return;
      this.publish({ id: this.nextId(), kind: "change", change: { table: change.table, op: change.op } });
    } catch {
      this.logger?.warn({ payload }, "ignored a malformed change notification");
    }
  }

  private nextId() {
    return `${this.instance}-${++this.sequence}`;
  }

  private publish(event: FeedEvent) {
    this.recent.push(event);
    if (this.recent.length > REPLAY_LIMIT) this.recent.shift();
    this.emitter.emit("event", event);
  }
}
