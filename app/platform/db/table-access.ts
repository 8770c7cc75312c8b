import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger as QueryLogger } from "drizzle-orm";

/**
 * The tables one piece of work (a request) read and wrote, as its SQL named them; `failedReads`
 * counts reads that failed and were answered with a fallback (a page saying "Error loading …").
 */
export type TableAccess = { reads: Set<string>; writes: Set<string>; failedReads: number };

const current = new AsyncLocalStorage<TableAccess>();

// Drizzle quotes every table it names; the project's raw SQL sometimes doesn't. A name that is
// not a table (a function in FROM, a column in `extract(… from x)`) is harmless here: it only
// ever adds a name that no change will match.
const READ = /\b(?:from|join)\s+(?:lateral\s+)?(?!lateral\b)"?([a-z_][a-z0-9_]*)"?/gi;
const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The tables a statement reads and writes. */
export function tablesOf(statement: string): { reads: string[]; writes: string[] } {
  const names = (pattern: RegExp) => Array.from(statement.matchAll(pattern), (match) => match[1]!.toLowerCase());
  return { reads: names(READ), writes: names(WRITE) };
}

/**
 * Runs `work` and tells which tables its queries touched. The page cache uses it to know what
 * a rendered page depends on, and what a request changed. Inside another `withTableAccess`,
 * the outer one hears of the same tables.
 */
export async function withTableAccess<T>(work: () => Promise<T>): Promise<{ value: T; access: TableAccess }> {
  const access: TableAccess = { reads: new Set(), writes: new Set(), failedReads: 0 };
  const outer = current.getStore();
  try {
    // Awaited inside: a Drizzle query is a thenable that runs only when awaited.
    const value = await current.run(access, async () => await work());
    return { value, access };
  } finally {
    if (outer) {
      for (const name of access.reads) outer.reads.add(name);
      for (const name of access.writes) outer.writes.add(name);
      outer.failedReads += access.failedReads;
    }
  }
}

/** Tables read earlier and kept (a read cache's entry), counted as read by the work in progress. */
export function noteReads(tables: Iterable<string>) {
  const access = current.getStore();
  if (access) for (const name of tables) access.reads.add(name);
}

/** A read failed and the work goes on without it: what it makes is not what the database holds. */
export function noteFailedRead() {
  const access = current.getStore();
  if (access) access.failedReads += 1;
}

/**
 * Drizzle's query logger for one database handle (both engines): every statement passes
 * through it. It notes the tables for `withTableAccess`, and tells `onWrites` of the tables a
 * statement writes as it is sent, so this process's read caches never outlive their own writes.
 */
export function tableAccessLogger(onWrites: (tables: string[]) => void): QueryLogger {
  return {
    logQuery(statement) {
      const { reads, writes } = tablesOf(statement);
      if (writes.length > 0) onWrites(writes);
      const access = current.getStore();
      if (!access) return;
      for (const name of reads) access.reads.add(name);
      for (const name of writes) access.writes.add(name);
    },
  };
}

/** Who hears of the writes one database handle sends (`DatabaseHandle.onWrites`). */
export class WriteListeners {
  private readonly listeners = new Set<(tables: string[]) => void>();

  add(listener: (tables: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  readonly notify = (tables: string[]) => {
    for (const listener of this.listeners) listener(tables);
  };
}
