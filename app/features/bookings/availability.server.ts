import { and, asc, eq, exists } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { assets, locations } from "~/platform/db/schema";

/** Locations having at least one available asset, by name (public data). */
export function listBookableLocations(db: Queryable) {
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(exists(db.select({ one: assets.id }).from(assets).where(and(eq(assets.locationId, locations.id), eq(assets.status, "available")))))
    .orderBy(asc(locations.name));
}
