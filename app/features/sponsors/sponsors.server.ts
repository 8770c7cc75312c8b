import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { assertCan } from "~/features/accounts/permissions";
import type { BackOfficeContext } from "~/features/back-office/context";
import type { ListParams } from "~/platform/list-params";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { containing } from "~/features/back-office/search";
import { sponsors } from "~/platform/db/schema";

/** One sponsor in the back-office's Sponsors list (the date as an ISO string: the row travels to the browser). */
export type SponsorRow = {
  id: string;
  userId: string;
  email: string;
  companyName: string | null;
  phoneNumber: string | null;
  /** Whether signing in asks for a second step: Reset Second Factors is offered only then. */
  twoFactor: boolean;
  createdAt: string;
};

const sponsorColumns = {
  id: sponsors.id,
  userId: sponsors.userId,
  email: sponsors.email,
  companyName: sponsors.companyName,
  phoneNumber: sponsors.phoneNumber,
  twoFactor: sql<boolean>`exists (select 1 from profiles p where p.id = sponsors.user_id and p.is_2fa_enabled)`,
  createdAt: sponsors.createdAt,
};
const toSponsorRow = (row: Omit<SponsorRow, "createdAt"> & { createdAt: Date }): SponsorRow => ({ ...row, createdAt: row.createdAt.toISOString() });

const SORTS = {
  email: sponsors.email,
  company: sponsors.companyName,
  created_at: sponsors.createdAt,
} as const;
export const SPONSOR_SORTS = Object.keys(SORTS);

/**
 * Sponsors are the people of the site: an account that also holds a back-office role (a staff
 * member made from a customer account keeps its sponsor record) is staff, found in User Management.
 */
// Written out in full: inside a select, Drizzle leaves column names unqualified, and user_roles has a "user_id" too.
export const notStaff = sql`not exists (select 1 from user_roles r where r.user_id = sponsors.user_id and r.role <> 'customer')`;

function filtersOf(params: ListParams): SQL | undefined {
  const text = params.q ? containing(params.q) : null;
  return and(notStaff, text ? or(ilike(sponsors.email, text), ilike(sponsors.companyName, text), ilike(sponsors.phoneNumber, text)) : undefined);
}

/** Every sponsor, newest first (the spec), searchable by e-mail, company or phone; staff accounts are not sponsors. */
export async function listSponsors({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "sponsors", "view");
  const column = SORTS[params.sort as keyof typeof SORTS] ?? sponsors.createdAt;
  const { rows, total } = await pagedList(
    platform.db,
    { select: () => platform.db.select(sponsorColumns).from(sponsors), where: filtersOf(params), orderBy: [params.dir === "asc" ? asc(column) : desc(column), asc(sponsors.id)] },
    params,
    page,
  );
  return { rows: rows.map(toSponsorRow), total };
}

/** One sponsor by their account id, for the Reset Password and Reset Second Factors dialogs (not a staff account: the list does not show those). */
export async function getSponsor({ platform, actor }: BackOfficeContext, userId: string): Promise<SponsorRow | null> {
  assertCan(actor, "sponsors", "view");
  const [row] = await platform.db.select(sponsorColumns).from(sponsors).where(and(eq(sponsors.userId, userId), notStaff));
  return row ? toSponsorRow(row) : null;
}
