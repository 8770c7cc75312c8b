import { and, eq, exists, gt, notExists, sql, type SQL } from "drizzle-orm";
import { hiveAdoptions, hives, hiveUpdates } from "~/platform/db/schema";
import { HIVE_UPDATE_DUE_DAYS } from "./hive-options";

/**
 * A hive due an update (the Hives list's "Due an update" and the day's overview): an active hive
 * with sponsors waiting to hear of it (an active adoption) and nothing posted about it in the last
 * HIVE_UPDATE_DUE_DAYS days, or ever. A hive nobody sponsors, or one failed or retired, is due nothing.
 */
export function dueAnUpdate(now: Date): SQL {
  const since = new Date(now.getTime() - HIVE_UPDATE_DUE_DAYS * 86_400_000);
  return and(
    eq(hives.status, "active"),
    exists(sql`(select 1 from ${hiveAdoptions} where ${hiveAdoptions.hiveId} = ${hives.id} and ${hiveAdoptions.status} = 'active')`),
    notExists(sql`(select 1 from ${hiveUpdates} where ${hiveUpdates.hiveId} = ${hives.id} and ${gt(hiveUpdates.createdAt, since)})`),
  )!;
}
