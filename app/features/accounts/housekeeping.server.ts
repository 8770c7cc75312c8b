import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/platform/db/client.server";
import { IntervalWorker } from "~/platform/interval-worker.server";
import type { Platform } from "~/platform/runtime.server";
import { SESSION_ABSOLUTE_MS } from "./session-lifetimes";

/** Any number will do as long as every instance uses the same one. */
export const HOUSEKEEPING_LOCK = 73_012_031;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What is kept of spent sign-in material, and for how long after it stopped working
 * (docs/security.md, "Retention"). Nothing here can sign anyone in any more: a session past its
 * end (idle or absolute), a verification or reset token past its expiry, a rate-limit counter
 * whose window closed. A day's grace keeps "this link has expired" true for a link followed the
 * morning after, and keeps the counters of a guessing run in view for a day.
 */
export const RETENTION = {
  sessions: { afterExpiryMs: 0, absoluteMs: SESSION_ABSOLUTE_MS },
  verifications: { afterExpiryMs: DAY_MS },
  rateLimits: { afterWindowStartMs: DAY_MS },
} as const;

export type Pruned = { sessions: number; verifications: number; rateLimits: number } | "skipped";

/**
 * One round of pruning, done by one instance at a time: the others find the lock taken and
 * skip the round (deleting the same rows twice is harmless, but is work for nothing).
 */
export async function pruneSpentSignInRows(db: Database): Promise<Pruned> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ taken: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK}) as taken`);
    if (!lock?.taken) return "skipped";
    const removed = async (statement: ReturnType<typeof sql>) => (await queryRows<{ n: number | string }>(tx, sql`with gone as (${statement} returning 1) select count(*) as n from gone`))[0]?.n ?? 0;
    const sessions = await removed(
      sql`delete from sessions where expires_at < now() - ${RETENTION.sessions.afterExpiryMs} * interval '1 millisecond' or created_at < now() - ${RETENTION.sessions.absoluteMs} * interval '1 millisecond'`,
    );
    const verifications = await removed(sql`delete from verifications where expires_at < now() - ${RETENTION.verifications.afterExpiryMs} * interval '1 millisecond'`);
    const rateLimits = await removed(sql`delete from rate_limits where window_start < now() - ${RETENTION.rateLimits.afterWindowStartMs} * interval '1 millisecond'`);
    return { sessions: Number(sessions), verifications: Number(verifications), rateLimits: Number(rateLimits) };
  });
}

/** Prunes spent sign-in rows at start and every hour. */
export class HousekeepingWorker extends IntervalWorker {
  constructor(deps: Pick<Platform, "db" | "logger">, everyMs = 60 * 60 * 1000) {
    super(
      "sign-in housekeeping",
      async () => {
        const pruned = await pruneSpentSignInRows(deps.db);
        if (pruned !== "skipped" && pruned.sessions + pruned.verifications + pruned.rateLimits > 0) deps.logger.info({ pruned }, "pruned spent sessions, tokens and counters");
      },
      everyMs,
      deps.logger,
    );
  }
}
