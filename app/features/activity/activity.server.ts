import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { assertCan, type PermissionModule } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import { BACK_OFFICE_TIME_ZONE } from "~/features/back-office/format";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { containing } from "~/features/back-office/search";
import type { Queryable } from "~/platform/db/client.server";
import { securityAuditLog, users } from "~/platform/db/schema";

/** One line of Activity: a back-office change or a security event (dates as ISO strings: the row travels to the browser). */
export type ActivityRow = {
  id: string;
  createdAt: string;
  /** Who did it; for a failed sign-in, the e-mail that was tried. */
  person: string | null;
  event: string;
  module: PermissionModule | null;
  /** What was changed or concerned: a person's e-mail, "front_desk, Bookings"… */
  subject: string;
  /** The fields before → after of a change, or the event's details. */
  details: string;
  ipAddress: string | null;
};

/** "canView" → "can view", "phoneNumber" → "phone number". */
const fieldName = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase();

function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length > 0 ? value.map(shown).join(", ") : "none";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The change in words: the fields that differ as "field: before → after"; a record added or
 * deleted lists its fields. Secrets were never recorded (recordChange).
 */
export function describeChange(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  if (before && after) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const changed = keys.filter((key) => !same(before[key], after[key]));
    return changed.length > 0 ? changed.map((key) => `${fieldName(key)}: ${shown(before[key])} → ${shown(after[key])}`).join("; ") : "No field changed";
  }
  const fields = after ?? before;
  return fields
    ? Object.entries(fields)
        .map(([key, value]) => `${fieldName(key)}: ${shown(value)}`)
        .join("; ")
    : "";
}

/** What a row is about: the label the command gave, a person's e-mail, or the record's id. */
function subjectOf(details: Record<string, unknown>, recordId: string | null): string {
  for (const key of ["label", "email"] as const) if (typeof details[key] === "string") return details[key];
  return recordId ?? "";
}

const LISTED_DETAILS = new Set(["label", "email", "action"]);

const detailsOf = (row: { before: Record<string, unknown> | null; after: Record<string, unknown> | null; eventDetails: Record<string, unknown>; module: string | null }) =>
  row.module
    ? describeChange(row.before, row.after)
    : Object.entries(row.eventDetails)
        .filter(([key]) => !LISTED_DETAILS.has(key))
        .map(([key, value]) => `${fieldName(key)}: ${shown(value)}`)
        .join("; ");

const triedEmail = sql<string | null>`${securityAuditLog.eventDetails}->>'email'`;

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
      .select({
        id: securityAuditLog.id,
        createdAt: securityAuditLog.createdAt,
        email: users.email,
        triedEmail,
        event: securityAuditLog.eventType,
        module: securityAuditLog.module,
        recordId: securityAuditLog.recordId,
        eventDetails: securityAuditLog.eventDetails,
        before: securityAuditLog.before,
        after: securityAuditLog.after,
        ipAddress: securityAuditLog.ipAddress,
      })
      .from(securityAuditLog)
      .leftJoin(users, eq(users.id, securityAuditLog.userId));
  const { rows, total } = await pagedList(platform.db, { select, where, orderBy: [order, desc(securityAuditLog.id)] }, params, page);
  return {
    rows: rows.map((row): ActivityRow => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      person: row.email ?? row.triedEmail,
      event: row.event,
      module: row.module,
      subject: row.module ? subjectOf(row.eventDetails, row.recordId) : "",
      details: detailsOf(row),
      ipAddress: row.ipAddress,
    })),
    total,
  };
}
