import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import type { outboxMessages, smsOutbox } from "~/platform/db/schema";

/**
 * What every outbox table does with its rows (e-mail, text messages): the same columns for the
 * same states, so claiming due rows, recording a failure and retrying later are written once.
 */
export type OutboxTable = typeof outboxMessages | typeof smsOutbox;
type RowOf<T extends OutboxTable> = T["$inferSelect"];

/**
 * The tables have the same delivery columns; drizzle types each query by its table, so the shared
 * queries are written against one of them (the SQL names only the columns both have).
 */
const asOne = (table: OutboxTable) => table as typeof outboxMessages;

/**
 * Claims up to `batchSize` due rows, oldest first, for `leaseMs`: `FOR UPDATE SKIP LOCKED` and the
 * lease (`locked_until`) hand a row to one worker at a time, and a worker that dies only delays
 * its rows until the lease runs out. Each claim counts as an attempt.
 */
export async function claimDue<T extends OutboxTable>(db: Database, outbox: T, { batchSize, leaseMs }: { batchSize: number; leaseMs: number }): Promise<RowOf<T>[]> {
  const table = asOne(outbox);
  const due = db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.status, "pending"), lte(table.nextAttemptAt, sql`now()`), or(isNull(table.lockedUntil), lt(table.lockedUntil, sql`now()`))))
    .orderBy(asc(table.id))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(table)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`, attempts: sql`${table.attempts} + 1` })
    .where(inArray(table.id, due))
    .returning();
  return (rows as RowOf<T>[]).sort((a, b) => a.id - b.id);
}

/** Delivered. */
export async function markSent(db: Database, outbox: OutboxTable, id: number) {
  const table = asOne(outbox);
  await db.update(table).set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lastError: null }).where(eq(table.id, id));
}

export type Retry = { maxAttempts: number; baseDelayMs: number; maxDelayMs: number };

/**
 * A send that failed: the row is failed for good when the failure is `permanent` or its attempts
 * are used up (kept, with its last error), else due again after an exponential backoff. Only a
 * row still pending is changed, so a late failure report never undoes a send recorded meanwhile.
 */
export async function recordFailure(
  db: Database,
  outbox: OutboxTable,
  row: { id: number; attempts: number },
  { error, permanent, retry }: { error: unknown; permanent: boolean; retry: Retry },
): Promise<{ lastError: string } & ({ failed: true } | { failed: false; retryInMs: number })> {
  const table = asOne(outbox);
  const lastError = describeError(error);
  const stillPending = and(eq(table.id, row.id), eq(table.status, "pending"));
  if (permanent || row.attempts >= retry.maxAttempts) {
    await db.update(table).set({ status: "failed", lastError, lockedUntil: null }).where(stillPending);
    return { lastError, failed: true };
  }
  const retryInMs = retryDelayMs(row.attempts, retry);
  await db
    .update(table)
    .set({ lastError, lockedUntil: null, nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})` })
    .where(stillPending);
  return { lastError, failed: false, retryInMs };
}

/** Claimed rows not tried after all: free again at once, and the claim not counted as an attempt. */
export async function release(db: Database, outbox: OutboxTable, ids: number[]) {
  if (ids.length === 0) return;
  const table = asOne(outbox);
  await db
    .update(table)
    .set({ lockedUntil: null, attempts: sql`${table.attempts} - 1` })
    .where(and(inArray(table.id, ids), eq(table.status, "pending")));
}

/** The wait before attempt `attempts + 1`: doubling from `baseDelayMs` up to `maxDelayMs`. */
function retryDelayMs(attempts: number, { baseDelayMs, maxDelayMs }: Pick<Retry, "baseDelayMs" | "maxDelayMs">): number {
  const exponential = baseDelayMs * 2 ** Math.max(0, attempts - 1);
  // Up to 10% jitter so instances that failed together do not retry in lockstep.
  return Math.round(Math.min(maxDelayMs, exponential) * (1 + Math.random() * 0.1));
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 2000 ? `${text.slice(0, 1999)}…` : text;
}
