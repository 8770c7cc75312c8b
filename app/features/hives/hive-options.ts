/** The hive registry's statuses and how they read (no imports: the screen declaration uses them). */
export const HIVE_STATUSES = ["active", "failed", "retired"] as const;
export type HiveStatusName = (typeof HIVE_STATUSES)[number];
export const HIVE_STATUS_LABELS: Record<HiveStatusName, string> = { active: "Active", failed: "Failed", retired: "Retired" };
/** Failed red, retired grey, active green (text 7:1 or better on each). */
export const HIVE_STATUS_CLASSES: Record<HiveStatusName, string> = {
  active: "bg-forest-100 text-forest-800",
  failed: "bg-red-100 text-red-900",
  retired: "bg-stone-200 text-stone-800",
};
/** The "move its adoptions to" choice that lets the server pick the active hive with the fewest adoptions. */
export const FEWEST_ADOPTIONS = "fewest";

/** How long sponsors may go without hearing of their hive before it is due an update (a month). */
export const HIVE_UPDATE_DUE_DAYS = 30;
/** The Hives list's filter on updates: only the hives due one (see update-due.server.ts). */
export const HIVE_UPDATE_FILTERS = ["due"] as const;
export const HIVE_UPDATE_FILTER_LABELS: Record<(typeof HIVE_UPDATE_FILTERS)[number], string> = { due: `Due an update (none in ${HIVE_UPDATE_DUE_DAYS} days)` };
