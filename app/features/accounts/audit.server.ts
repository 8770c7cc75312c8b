import type { Queryable } from "~/platform/db/client.server";
import { securityAuditLog } from "~/platform/db/schema";

/** The spec's event names plus the other security events we record. */
export type AuditEvent =
  | "login_success"
  | "login_failed"
  | "login_refused"
  | "2fa_verified"
  | "2fa_failed"
  | "2fa_backup_code_used"
  | "2fa_enabled"
  | "2fa_disabled"
  | "2fa_backup_codes_regenerated"
  | "password_changed"
  | "password_change_failed"
  | "password_reset"
  | "password_reset_requested"
  | "sessions_revoked"
  | "admin_created"
  | "logout";

export type AuditContext = { ipAddress?: string; userAgent?: string | null };

export async function recordAuditEvent(
  db: Queryable,
  event: { type: AuditEvent; userId?: string | null; details?: Record<string, unknown> },
  context: AuditContext = {},
) {
  await db.insert(securityAuditLog).values({
    userId: event.userId ?? null,
    eventType: event.type,
    eventDetails: event.details ?? {},
    ipAddress: context.ipAddress ?? null,
    userAgent: context.userAgent?.slice(0, 500) ?? null,
  });
}
