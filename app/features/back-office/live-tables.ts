/**
 * Tables whose changes reach only signed-in staff through the live event stream
 * (routes/api/events.ts): when someone signs up or changes roles is not for every visitor to see.
 */
export const STAFF_ONLY_TABLES: ReadonlySet<string> = new Set(["profiles", "user_roles", "sponsors", "role_permissions", "security_audit_log", "calendar_imports", "hive_adoptions", "payment_history"]);
