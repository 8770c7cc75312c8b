import { eq } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { userRoles, type AppRole } from "~/platform/db/schema";

export async function listRoles(db: Queryable, userId: string): Promise<AppRole[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}

export async function isAdmin(db: Queryable, userId: string) {
  return (await listRoles(db, userId)).includes("admin");
}

export async function adminExists(db: Queryable) {
  const rows = await db.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.role, "admin")).limit(1);
  return rows.length > 0;
}
