import pg from "pg";

type Handler = (payload: string) => void;
type Subscription = { onMessage: Handler; onReconnect?: () => void };

/**
 * One dedicated PostgreSQL connection for LISTEN. If it drops, it reconnects with backoff
 * and LISTENs again on every channel; notifications sent while it was down are lost, so
 * subscribers are told (`onState("connected")`) and can resynchronise.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<Subscription>>();
  private closed = false;
  private retryDelay = 250;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly onState?: (state: "connected" | "disconnected", error?: unknown) => void,
  ) {}

  async listen(channel: string, onMessage: Handler, onReconnect?: () => void): Promise<() => Promise<void>> {
    const subscription: Subscription = { onMessage, onReconnect };
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      const client = await this.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } else {
      await this.connect();
    }
    set.add(subscription);
    return async () => {
      set.delete(subscription);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
      }
    };
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    client.on("notification", (message) => {
      for (const { onMessage } of this.handlers.get(message.channel) ?? []) onMessage(message.payload ?? "");
    });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    this.client = client;
    this.retryDelay = 250;
    return client;
  }

  private lost(client: pg.Client, error?: unknown) {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => {});
    if (this.closed) return;
    this.onState?.("disconnected", error);
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.connect().then(
        () => {
          this.onState?.("connected");
          for (const set of this.handlers.values()) for (const { onReconnect } of set) onReconnect?.();
        },
        () => {
          this.retryDelay = Math.min(this.retryDelay * 2, 10_000);
          if (!this.closed) this.scheduleReconnect();
        },
      );
    }, this.retryDelay);
    this.retryTimer.unref();
  }
}
