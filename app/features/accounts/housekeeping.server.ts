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
 * (docs/data-classification.md, "Retention, applied"). Nothing here can sign anyone in any more: a session past its
 * end (idle or absolute), a verification or reset token past its expiry, a rate-limit counter
 * whose window closed. A day's grace keeps "this link has expired" true for a link followed the
 * morning after, and keeps the counters of a guessing run in view for a day.
 */
export const RETENTION = {
  sessions: { afterExpiryMs: 0, absoluteMs: SESSION_ABSOLUTE_MS },
  verifications: { afterExpiryMs: DAY_MS },
  rateLimits: { afterWindowStartMs: DAY_MS },
} as const;

/**
 * What is kept of personal data that nothing reads once it has done its work
 * (docs/data-classification.md). The rows stay, as the record of what was sent and who did what; what
 * they carried beyond that goes:
 * - an e-mail's body and attachments (booking details, addresses, a stay's link) 30 days after it
 *   was sent or given up on: long enough to answer "what did that e-mail say?", and a person's
 *   page still lists it by subject and date;
 * - a text's body (a sign-in code, dead after 10 minutes) a day after it was sent or given up on,
 *   and the whole row (the phone number) after 90 days: nothing reads texts back;
 * - an audit row's client address and user agent after 180 days: enough to look into an
 *   incident or a disputed sign-in; the event, the person and the time stay.
 */
export const PERSONAL_DATA_RETENTION = {
  mailBodies: { afterDoneMs: 30 * DAY_MS },
  smsBodies: { afterDoneMs: DAY_MS },
  smsRows: { afterCreatedMs: 90 * DAY_MS },
  auditClientDetails: { afterCreatedMs: 180 * DAY_MS },
} as const;

export type Pruned =
  | { sessions: number; verifications: number; rateLimits: number; mailBodies: number; smsBodies: number; smsRows: number; auditClientDetails: number }
  | "skipped";

/**
 * One round of pruning, as of `now` (the platform's clock), done by one instance at a time: the
 * others find the lock taken and skip the round (doing the same work twice is harmless, but is
 * work for nothing).
 */
export async function pruneSpentSignInRows(db: Database, now: Date = new Date()): Promise<Pruned> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ taken: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK}) as taken`);
    if (!lock?.taken) return "skipped";
    const at = sql`${now.toISOString()}::timestamptz`;
    const before = (ms: number) => sql`${at} - ${ms} * interval '1 millisecond'`;
    const counted = async (statement: ReturnType<typeof sql>) =>
      Number((await queryRows<{ n: number | string }>(tx, sql`with gone as (${statement} returning 1) select count(*) as n from gone`))[0]?.n ?? 0);
    const sessions = await counted(
      sql`delete from sessions where expires_at < ${before(RETENTION.sessions.afterExpiryMs)} or created_at < ${before(RETENTION.sessions.absoluteMs)}`,
    );
    const verifications = await counted(sql`delete from verifications where expires_at < ${before(RETENTION.verifications.afterExpiryMs)}`);
    const rateLimits = await counted(sql`delete from rate_limits where window_start < ${before(RETENTION.rateLimits.afterWindowStartMs)}`);

    const { mailBodies: mail, smsBodies: sms, smsRows, auditClientDetails: audit } = PERSONAL_DATA_RETENTION;
    // Pending rows are never touched: they are still to be sent.
    const mailBodies = await counted(
      sql`update outbox_messages set html = '', text = '', attachments = '[]'::jsonb
          where status <> 'pending' and coalesce(sent_at, created_at) < ${before(mail.afterDoneMs)} and (html <> '' or text <> '' or attachments <> '[]'::jsonb)`,
    );
    const smsRowsGone = await counted(sql`delete from sms_outbox where status <> 'pending' and created_at < ${before(smsRows.afterCreatedMs)}`);
    const smsBodies = await counted(sql`update sms_outbox set body = '' where status <> 'pending' and coalesce(sent_at, created_at) < ${before(sms.afterDoneMs)} and body <> ''`);
    const auditClientDetails = await counted(
      sql`update security_audit_log set ip_address = null, user_agent = null where created_at < ${before(audit.afterCreatedMs)} and (ip_address is not null or user_agent is not null)`,
    );
    return { sessions, verifications, rateLimits, mailBodies, smsBodies, smsRows: smsRowsGone, auditClientDetails };
  });
}

/** One round of the hourly job, as of the platform's clock: what it did is logged when it did anything. */
export async function runHousekeeping(deps: Pick<Platform, "db" | "logger" | "clock">): Promise<Pruned> {
  const pruned = await pruneSpentSignInRows(deps.db, new Date(deps.clock.now()));
  if (pruned !== "skipped" && Object.values(pruned).some((n) => n > 0)) deps.logger.info({ pruned }, "pruned spent sign-in rows and personal data past its retention");
  return pruned;
}

/** Prunes spent sign-in rows and applies the personal-data retention at start and every hour. */
export class HousekeepingWorker extends IntervalWorker {
  constructor(deps: Pick<Platform, "db" | "logger" | "clock">, everyMs = 60 * 60 * 1000) {
    super("sign-in housekeeping", () => runHousekeeping(deps), everyMs, deps.logger);
  }
}
