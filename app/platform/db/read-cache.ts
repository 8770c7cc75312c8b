/** What a read cache keeps: anything made from database reads, with the tables it read. */
export type ReadFrom = { readonly tables: ReadonlySet<string> };

export type ReadCacheOptions = {
  /** Entries kept at most; the least recently used goes first. */
  maxEntries: number;
  /** An entry is made again after this long even if nothing it read changed (dates move on). */
  maxAgeMs: number;
  now?: () => number;
};

/**
 * Keeps what was made from database reads (a page, a session's signed-in state) in memory
 * until a table it read changes or it reaches its age. Whoever writes, or hears of a write
 * through the change feed, calls `invalidate` with the tables; `clear` when changes may have
 * been missed.
 *
 * A value is only kept if no table it read changed after `mark`, the moment its reads began:
 * its rows may predate that change, and the change's notice has already passed.
 */
export class ReadCache<V extends ReadFrom> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly filling = new Map<string, Promise<V | undefined>>();
  /** When each table last changed, on the cache's own clock (`tick`). */
  private readonly changedAt = new Map<string, number>();
  private tick = 0;
  private clearedAt = 0;
  private readonly maxEntries: number;
  readonly maxAgeMs: number;
  protected readonly now: () => number;

  constructor(options: ReadCacheOptions) {
    this.maxEntries = options.maxEntries;
    this.maxAgeMs = options.maxAgeMs;
    this.now = options.now ?? Date.now;
  }

  get size() {
    return this.entries.size;
  }

  /** The moment to pass to `store` for a value whose reads begin now. */
  mark(): number {
    return this.tick;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last: eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Makes a value at most once at a time: callers asking for the same key meanwhile wait for
   * that one instead of starting their own.
   */
  fill(key: string, make: (mark: number) => Promise<V | undefined>): Promise<V | undefined> {
    const running = this.filling.get(key);
    if (running) return running;
    const started = make(this.tick).finally(() => this.filling.delete(key));
    this.filling.set(key, started);
    return started;
  }

  /** Keeps `value` (for `maxAgeMs` at most, or less) unless a table it read changed after `mark`. */
  store(key: string, value: V, mark: number, maxAgeMs = this.maxAgeMs): boolean {
    if (this.clearedAt > mark) return false;
    for (const table of value.tables) if ((this.changedAt.get(table) ?? 0) > mark) return false;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + Math.min(maxAgeMs, this.maxAgeMs) });
    return true;
  }

  /** Drops every entry that read one of `tables`. */
  invalidate(tables: Iterable<string>) {
    const changed = new Set(tables);
    if (changed.size === 0) return;
    this.tick += 1;
    for (const table of changed) this.changedAt.set(table, this.tick);
    for (const [key, { value }] of this.entries) {
      for (const table of value.tables) {
        if (changed.has(table)) {
          this.entries.delete(key);
          break;
        }
      }
    }
  }

  /** Drops everything: changes may have been missed (the change feed reconnected). */
  clear() {
    this.tick += 1;
    this.clearedAt = this.tick;
    this.entries.clear();
  }
}
