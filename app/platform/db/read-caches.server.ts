import type { ChangeFeed } from "../realtime/change-feed.server";
import type { DatabaseHandle } from "./client.server";
import { ReadCache, type ReadCacheOptions, type ReadFrom } from "./read-cache";
import { noteReads, withTableAccess } from "./table-access";

/**
 * The platform's caches of database reads, each one made by the feature that uses it. Every
 * cache hears of this process's writes as they are sent and of every instance's commits
 * through the change feed (a resync, after the feed's connection came back, clears them all),
 * so an entry is dropped as soon as a table it read changes, wherever the change was made.
 */
export class ReadCaches {
  private readonly caches = new Map<string, ReadCache<ReadFrom>>();
  private readonly unsubscribe: (() => void)[];

  constructor(database: DatabaseHandle, changes: ChangeFeed) {
    this.unsubscribe = [
      database.onWrites((tables) => this.invalidate(tables)),
      changes.subscribe((event) => (event.kind === "resync" ? this.clear() : this.invalidate([event.change.table]))),
    ];
  }

  /** The cache called `name`, made with `options` the first time it is asked for. */
  cache<V extends ReadFrom>(name: string, options: ReadCacheOptions): ReadCache<V> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new ReadCache<V>(options) as ReadCache<ReadFrom>;
      this.caches.set(name, cache);
    }
    return cache as ReadCache<V>;
  }

  invalidate(tables: Iterable<string>) {
    const changed = [...tables];
    for (const cache of this.caches.values()) cache.invalidate(changed);
  }

  clear() {
    for (const cache of this.caches.values()) cache.clear();
  }

  /** Stops listening (the platform is closing). */
  stop() {
    for (const stop of this.unsubscribe) stop();
    this.caches.clear();
  }
}

/** A value made from database reads, with the tables they read. */
export type Kept<T> = { value: T; tables: ReadonlySet<string> };

export type ReadThroughOptions<T> = {
  /** How long this value may be kept (at most the cache's maximum age); undefined: not at all. */
  keepFor?: (value: T) => number | undefined;
  /** Tables the value depends on even if its reads did not name them. */
  alsoReads?: readonly string[];
};

/**
 * `key`'s value from `cache`, or made by `load` and kept. Either way the tables it was made
 * from count as read by the work in progress (`withTableAccess`), as if `load` had run now: a
 * page built from a kept value is still dropped from the page cache when those tables change.
 * A load that had to do without a read (`noteFailedRead`) is not kept.
 */
export async function readThrough<T>(cache: ReadCache<Kept<T>>, key: string, load: () => Promise<T>, options: ReadThroughOptions<T> = {}): Promise<T> {
  const kept = cache.get(key);
  if (kept) {
    noteReads(kept.tables);
    return kept.value;
  }
  const mark = cache.mark();
  const { value, access } = await withTableAccess(load);
  const keepFor = options.keepFor ? options.keepFor(value) : cache.maxAgeMs;
  if (keepFor !== undefined && keepFor > 0 && access.failedReads === 0) {
    const tables = new Set([...access.reads, ...(options.alsoReads ?? [])]);
    noteReads(tables);
    cache.store(key, { value, tables }, mark, keepFor);
  }
  return value;
}
