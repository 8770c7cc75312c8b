import type { SQL } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";
import type { Queryable } from "~/platform/db/client.server";
import { offsetOf, PAGE_SIZE, type ListParams } from "~/platform/list-params";

/** Which rows of a list to read: a screen's page, or a batch of the CSV export. */
export type ListPage = { limit: number; offset: number };

export const pageOf = (params: ListParams): ListPage => ({ limit: PAGE_SIZE, offset: offsetOf(params) });

/**
 * One page of a back-office list and how many rows the whole list has. `select` builds the
 * list's query (its columns, its table and joins) and is called twice: once for the page, in
 * `orderBy` order, and once for the count, which reads the same rows through the same joins and
 * `where`, so the total can't disagree with what the pages show. The page is the one `params`
 * asks for unless `page` says otherwise.
 */
export async function pagedList<Query extends PgSelect>(
  db: Queryable,
  { select, where, orderBy }: { select: () => { $dynamic(): Query }; where: SQL | undefined; orderBy: readonly (PgColumn | SQL | SQL.Aliased)[] },
  params: ListParams,
  page: ListPage = pageOf(params),
) {
  const [rows, total] = await Promise.all([
    select()
      .$dynamic()
      .where(where)
      .orderBy(...orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db.$count(select().$dynamic().where(where).as("listed")),
  ]);
  return { rows, total };
}
