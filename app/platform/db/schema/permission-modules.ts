/**
 * The modules of the permission matrix (spec §6), as the database enum and the permission checks
 * (features/accounts/permissions.ts) both know them. A plain list, without Drizzle, so the
 * browser's bundle can import it.
 */
export const PERMISSION_MODULES = [
  "users",
  "bookings",
  "locations",
  "assets",
  "hive_tiers",
  "hive_adoptions",
  "hives",
  "sponsors",
  "pages",
  "posts",
  "menu_items",
  "role_permissions",
  "profile",
] as const;
