import { asc, eq } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { menuItems } from "~/platform/db/schema";

/** The drawer's items: visible ones in display order (public data, no permission needed). */
export function listVisibleMenuItems(db: Queryable) {
  return db
    .select({ id: menuItems.id, label: menuItems.label, path: menuItems.path })
    .from(menuItems)
    .where(eq(menuItems.isVisible, true))
    .orderBy(asc(menuItems.displayOrder), asc(menuItems.label));
}
