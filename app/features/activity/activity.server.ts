import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { assertCan, type PermissionModule } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import { BACK_OFFICE_TIME_ZONE } from "~/features/back-office/format";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { containing } from "~/features/back-office/search";
import type { Queryable } from "~/platform/db/client.server";
import { securityAuditLog, users } from "~/platform/db/schema";
import { namesFor } from "./activity-names.server";
import { describeEntry, type AuditEntry, type Change } from "./activity-words";

/** One line of Activity: a back-office change or a security event, in words (dates as ISO strings: the row travels to the browser). */
export type ActivityRow = {
  id: string;
  createdAt: string;
  /** Who did it (their e-mail); for a failed sign-in, the e-mail that was tried. */
  person: string | null;
  event: string;
  module: PermissionModule | null;
  /** "Sky Meadow confirmed booking STA-3F9A0C for Maya Thornbury, Dec 10–13". */
  sentence: string;
  /** The fields it changed, before → after, with names for ids. */
  changes: Change[];
  /** The row as recorded, for whoever needs the exact values (behind a disclosure). */
  raw: string;
  ipAddress: string | null;
};

/** A row of the trail as read, with the account that did it. */
type TrailRow = {
  id: string;
  createdAt: Date;
  email: string | null;
  name: string | null;
  triedEmail: string | null;
  event: string;
  module: PermissionModule | null;
  recordId: string | null;
  eventDetails: Record<string, unknown>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ipAddress: string | null;
};

/** The columns of a TrailRow, for Activity and for a person's page. */
export const trailColumns = {
  id: securityAuditLog.id,
  createdAt: securityAuditLog.createdAt,
  email: users.email,
  name: users.name,
  triedEmail: sql<string | null>`${securityAuditLog.eventDetails}->>'email'`,
  event: securityAuditLog.eventType,
  module: securityAuditLog.module,
  recordId: securityAuditLog.recordId,
  eventDetails: securityAuditLog.eventDetails,
  before: securityAuditLog.before,
  after: securityAuditLog.after,
  ipAddress: securityAuditLog.ipAddress,
};

/** A page of the trail in words: the names its ids stand for are read once for all of its rows. */
export async function inWords(db: Queryable, rows: readonly TrailRow[]): Promise<ActivityRow[]> {
  const entries = rows.map((row): AuditEntry => ({
    event: row.event,
    module: row.module,
    recordId: row.recordId,
    eventDetails: row.eventDetails,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
    actor: row.email ? { name: row.name ?? "", email: row.email } : null,
  }));
  const names = await namesFor(db, entries);
  return rows.map((row, index) => {
    const { sentence, changes } = describeEntry(entries[index]!, names);
    return {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      person: row.email ?? row.triedEmail,
      event: row.event,
      module: row.module,
      sentence,
      changes,
      raw: JSON.stringify({ event: row.event, module: row.module, recordId: row.recordId, details: row.eventDetails, before: row.before, after: row.after }, null, 2),
      ipAddress: row.ipAddress,
    };
  });
}

const triedEmail = trailColumns.triedEmail;

/** The day filters are days in the organisation's time zone, from the start of `from` to the end of `to`. */
const startOfDay = (day: string) => sql`(${day}::date)::timestamp at time zone ${BACK_OFFICE_TIME_ZONE}`;

/** At most this many people matched by a search are looked up by id; more, and the database joins instead. */
const PEOPLE_BY_ID = 500;

/**
 * The person search: the people whose e-mail matches are found first, then their rows through
 * the (user, date) index, plus failed sign-ins of unknown e-mails (no user) that tried it. One
 * query with a join would read the whole trail for every search.
 */
async function personFilter(db: Queryable, q: string): Promise<SQL> {
  const pattern = containing(q);
  const tried = and(isNull(securityAuditLog.userId), ilike(triedEmail, pattern));
  const people = await db.select({ id: users.id }).from(users).where(ilike(users.email, pattern)).limit(PEOPLE_BY_ID + 1);
  if (people.length > PEOPLE_BY_ID) return or(inArray(securityAuditLog.userId, db.select({ id: users.id }).from(users).where(ilike(users.email, pattern))), tried)!;
  return people.length > 0 ? or(inArray(securityAuditLog.userId, people.map((person) => person.id)), tried)! : tried!;
}

async function filtersOf(db: Queryable, params: ListParams): Promise<SQL | undefined> {
  const { module, kind, from, to } = params.filters;
  return and(
    params.q ? await personFilter(db, params.q) : undefined,
    module ? eq(securityAuditLog.module, module as PermissionModule) : undefined,
    kind === "changes" ? isNotNull(securityAuditLog.module) : kind === "security" ? isNull(securityAuditLog.module) : undefined,
    from ? sql`${securityAuditLog.createdAt} >= ${startOfDay(from)}` : undefined,
    to ? sql`${securityAuditLog.createdAt} < ${startOfDay(to)} + interval '1 day'` : undefined,
  );
}

/** The audit trail, newest first: every back-office change and every security event, with who, where and what. */
export async function listActivity({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "role_permissions", "view");
  const where = await filtersOf(platform.db, params);
  const order = params.dir === "asc" ? asc(securityAuditLog.createdAt) : desc(securityAuditLog.createdAt);
  const select = () =>
    platform.db
      .select(trailColumns)
      .from(securityAuditLog)
      .leftJoin(users, eq(users.id, securityAuditLog.userId));
  const { rows, total } = await pagedList(platform.db, { select, where, orderBy: [order, desc(securityAuditLog.id)] }, params, page);
  return { rows: await inWords(platform.db, rows), total };
}
