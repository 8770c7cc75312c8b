import { asc, eq } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { readThrough, type Kept } from "~/platform/db/read-caches.server";
import { menuItems } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";

/** The drawer's items: visible ones in display order (public data, no permission needed). */
export function listVisibleMenuItems(db: Queryable) {
  return db
    .select({ id: menuItems.id, label: menuItems.label, path: menuItems.path })
    .from(menuItems)
    .where(eq(menuItems.isVisible, true))
    .orderBy(asc(menuItems.displayOrder), asc(menuItems.label));
}

type MenuItems = Awaited<ReturnType<typeof listVisibleMenuItems>>;

/**
 * The same, as every page's drawer shows it: kept in memory until the menu changes (on any
 * instance), since every page asks for it and it seldom changes.
 */
export function menuForEveryPage(platform: Platform): Promise<MenuItems> {
  const cache = platform.readCaches.cache<Kept<MenuItems>>("menu", { maxEntries: 1, maxAgeMs: 10 * 60_000 });
  return readThrough(cache, "visible", () => listVisibleMenuItems(platform.db));
}
