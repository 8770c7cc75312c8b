import { eq, inArray } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { rolePermissions, userRoles, type RoleName } from "~/platform/db/schema";
import { ADMIN_ROLE, allPermissions, isStaffRole, mergePermissions, noPermissions, worksInBackOffice, type Permissions } from "./permissions";

export async function listRoles(db: Queryable, userId: string): Promise<RoleName[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}

/** An administrator or a member of a staff role: who may sign in at /auth. */
export async function isBackOfficeUser(db: Queryable, userId: string) {
  return worksInBackOffice(await listRoles(db, userId));
}

export async function adminExists(db: Queryable) {
  const rows = await db.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.role, ADMIN_ROLE)).limit(1);
  return rows.length > 0;
}

/** What a person with these roles may do in the back-office (the admin role: everything). */
export async function permissionsOf(db: Queryable, roles: readonly string[]): Promise<Permissions> {
  if (roles.includes(ADMIN_ROLE)) return allPermissions();
  const staffRoles = roles.filter(isStaffRole);
  if (staffRoles.length === 0) return noPermissions();
  const rows = await db
    .select({ module: rolePermissions.module, canView: rolePermissions.canView, canCreate: rolePermissions.canCreate, canUpdate: rolePermissions.canUpdate, canDelete: rolePermissions.canDelete })
    .from(rolePermissions)
    .where(inArray(rolePermissions.role, staffRoles));
  return mergePermissions(rows);
}
