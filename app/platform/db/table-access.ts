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
 * a rendered page depends on, and what a request changed.
 */
export async function withTableAccess<T>(work: () => Promise<T>): Promise<{ value: T; access: TableAccess }> {
  const access: TableAccess = { reads: new Set(), writes: new Set(), failedReads: 0 };
  // Awaited inside: a Drizzle query is a thenable that runs only when awaited.
  const value = await current.run(access, async () => await work());
  return { value, access };
}

/** A read failed and the work goes on without it: what it makes is not what the database holds. */
export function noteFailedRead() {
  const access = current.getStore();
  if (access) access.failedReads += 1;
}

/** Drizzle's query logger, given to both engines' clients: every statement passes through it. */
export const tableAccessLogger: QueryLogger = {
  logQuery(statement) {
    const access = current.getStore();
    if (!access) return;
    const { reads, writes } = tablesOf(statement);
    for (const name of reads) access.reads.add(name);
    for (const name of writes) access.writes.add(name);
  },
};
