import { and, asc, count, eq } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { assets, locations } from "~/platform/db/schema";

/** Every location with how many of its assets are bookable now (public data). */
export function listLocationsWithAvailability(db: Queryable) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      address: locations.address,
      amenities: locations.amenities,
      availableAssets: count(assets.id),
    })
    .from(locations)
    .leftJoin(assets, and(eq(assets.locationId, locations.id), eq(assets.status, "available")))
    .groupBy(locations.id)
    .orderBy(asc(locations.name));
}
