import { and, eq, isNotNull } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { accounts } from "~/platform/db/schema";

/** Whether the person signs in with a password: the security tab offers to change it, or to set one. */
export async function hasOwnPassword(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)));
  return Boolean(row);
}
