import { sql } from "drizzle-orm";
import { queryRows, type Queryable } from "../db/client.server";

/** At most `limit` hits per `windowMs` for one subject (an address, an account, …). */
export type RateRule = { name: string; limit: number; windowMs: number };

export type RateDecision = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Counts one hit for `subject` under `rule` and says whether it is within the limit. The counter
 * lives in the database (one atomic upsert), so limits hold across restarts and app instances.
 */
export async function hitRateLimit(db: Queryable, rule: RateRule, subject: string): Promise<RateDecision> {
  const key = `${rule.name}:${subject}`;
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`insert into rate_limits (key, count, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - ${rule.windowMs} * interval '1 millisecond'
                       then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - ${rule.windowMs} * interval '1 millisecond'
                       then now() else rate_limits.window_start end
        returning count,
          ceil(extract(epoch from (window_start + ${rule.windowMs} * interval '1 millisecond' - now())))::int as retry_after`,
  );
  const count = Number(row!.count);
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.max(1, Number(row!.retry_after)),
  };
}

/** Reads without counting, e.g. to refuse early while an account is locked. */
export async function peekRateLimit(db: Queryable, rule: RateRule, subject: string): Promise<RateDecision> {
  const key = `${rule.name}:${subject}`;
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`select count,
          ceil(extract(epoch from (window_start + ${rule.windowMs} * interval '1 millisecond' - now())))::int as retry_after
        from rate_limits
        where key = ${key} and window_start > now() - ${rule.windowMs} * interval '1 millisecond'`,
  );
  const count = row ? Number(row.count) : 0;
  return {
    allowed: count < rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: row ? Math.max(1, Number(row.retry_after)) : 0,
  };
}

/** Forgets a subject's count, e.g. an account's failures after a successful sign-in. */
export async function clearRateLimit(db: Queryable, rule: RateRule, subject: string) {
  await db.execute(sql`delete from rate_limits where key = ${`${rule.name}:${subject}`}`);
}
