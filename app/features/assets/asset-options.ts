/** The asset types and statuses of the spec, as the database's enums hold them (a plain list the browser can load). */
export const ASSET_TYPES = ["rv", "rental"] as const;
export const ASSET_STATUSES = ["available", "occupied", "maintenance", "unavailable"] as const;
export type AssetStatusName = (typeof ASSET_STATUSES)[number];

export const ASSET_STATUS_LABELS: Record<AssetStatusName, string> = { available: "Available", occupied: "Occupied", maintenance: "Maintenance", unavailable: "Unavailable" };
export const ASSET_TYPE_LABELS: Record<(typeof ASSET_TYPES)[number], string> = { rv: "RV", rental: "Rental" };

/** Statuses under which the asset can't host the stays already booked on it. */
export const CLOSED_STATUSES: readonly AssetStatusName[] = ["maintenance", "unavailable"];
