import { and, eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "../client.server";
import * as s from "../schema";
import {
  demoAssets,
  demoLocations,
  demoMenuItems,
  demoPages,
  demoPosts,
  demoRolePermissions,
  demoHives,
  demoTiers,
} from "./demo-content";

const SEEDED_KEY = "demo_data_seeded_at";

/**
 * Loads the demo data. Idempotent: every row is matched on its natural key and only missing
 * rows are added, so running it twice changes nothing and never overwrites edits.
 */
export async function seedDemoData(db: Database) {
  await db.transaction(async (tx) => {
    for (const location of demoLocations) {
      await tx.insert(s.locations).values(location).onConflictDoNothing({ target: s.locations.name });
    }
    for (const { location, ...asset } of demoAssets) {
      const [row] = await tx.select({ id: s.locations.id }).from(s.locations).where(eq(s.locations.name, location));
      if (row) await tx.insert(s.assets).values({ ...asset, locationId: row.id }).onConflictDoNothing();
    }
    for (const { location, ...hive } of demoHives) {
      const [row] = await tx.select({ id: s.locations.id }).from(s.locations).where(eq(s.locations.name, location));
      if (row) await tx.insert(s.hives).values({ ...hive, locationId: row.id }).onConflictDoNothing({ target: s.hives.name });
    }
    for (const tier of demoTiers) {
      await tx.insert(s.hiveTiers).values(tier).onConflictDoNothing({ target: s.hiveTiers.name });
    }
    for (const item of demoMenuItems) {
      const existing = await tx.select({ id: s.menuItems.id }).from(s.menuItems).where(eq(s.menuItems.path, item.path));
      if (existing.length > 0) continue;
      // Each item has a number of its own: a demo item whose number is taken meanwhile goes last.
      const [taken] = await tx.select({ id: s.menuItems.id }).from(s.menuItems).where(eq(s.menuItems.displayOrder, item.displayOrder));
      const [last] = taken ? await tx.select({ next: sql<number>`(max(${s.menuItems.displayOrder}) + 1)::int` }).from(s.menuItems) : [];
      await tx.insert(s.menuItems).values({ ...item, displayOrder: last?.next ?? item.displayOrder });
    }
    for (const post of demoPosts) {
      await tx.insert(s.posts).values(post).onConflictDoNothing({ target: s.posts.slug });
    }
    for (const page of demoPages) {
      await tx.insert(s.pages).values(page).onConflictDoNothing({ target: s.pages.slug });
    }
    for (const { role, module, flags } of demoRolePermissions) {
      const [canView, canCreate, canUpdate, canDelete] = flags;
      await tx
        .insert(s.rolePermissions)
        .values({ role, module, canView, canCreate, canUpdate, canDelete })
        .onConflictDoNothing();
    }
    await tx
      .insert(s.appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing({ target: s.appMeta.key });
  });
}

/** True once demo data was loaded into this database (deleting demo rows later must not bring them back). */
export async function wasSeeded(db: Queryable) {
  const rows = await db.select().from(s.appMeta).where(and(eq(s.appMeta.key, SEEDED_KEY)));
  return rows.length > 0;
}

/** First start of an empty database: load the demo data. */
export async function seedIfFirstStart(db: Database) {
  if (await wasSeeded(db)) return false;
  await seedDemoData(db);
  return true;
}
