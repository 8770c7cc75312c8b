/**
 * Tables whose changes reach only signed-in staff through the live event stream
 * (routes/api/events.ts): when someone signs up or changes roles is not for every visitor to see.
 */
const STAFF_ONLY_TABLES: ReadonlySet<string> = new Set(["users", "profiles", "user_roles", "sponsors", "role_permissions", "security_audit_log", "calendar_imports", "hive_adoptions", "payment_history", "sso_providers"]);

/**
 * Tables watched only for the server's own caches (the signed-in state of a session): no page
 * shows them, and who signs in or out when is nobody else's business, staff's included.
 */
const SERVER_ONLY_TABLES: ReadonlySet<string> = new Set(["sessions"]);

/** Whether the live event stream tells a browser (a staff member's or anyone's) of a change to `table`. */
export function liveTableShownTo(table: string, { staff }: { staff: boolean }): boolean {
  return !SERVER_ONLY_TABLES.has(table) && (staff || !STAFF_ONLY_TABLES.has(table));
}
