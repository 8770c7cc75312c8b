import type { Queryable } from "~/platform/db/client.server";
import type { Actor } from "./actor";
import type { PermissionModule } from "./permissions";
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
  | "2fa_factor_added"
  | "2fa_factor_removed"
  | "2fa_reset_by_staff"
  | "password_changed"
  | "password_change_failed"
  | "password_reset"
  | "password_reset_requested"
  | "sessions_revoked"
  | "reauthenticated"
  | "reauthentication_failed"
  | "admin_created"
  | "logout"
  | "passkey_added"
  | "passkey_add_failed"
  | "passkey_removed"
  | "email_added"
  // Sign-in ways (issue 35 §1): an identity linked, removed, or refused.
  | "identity_linked"
  | "identity_link_failed"
  | "identity_link_refused"
  | "identity_unlinked"
  | "identity_unlink_refused"
  | "email_change_requested"
  | "email_changed"
  | "email_change_undone"
  // Back-office changes (recordChange): the module, record and fields are in their own columns.
  | "record_created"
  | "record_updated"
  | "record_deleted"
  | "roles_changed"
  | "password_reset_by_staff"
  | "account_disabled"
  | "account_enabled"
  | "sessions_ended_by_staff"
  | "payment_recorded"
  | "refused";

/** Where the request came from: a RequestMeta (clientAddress), or an explicit ipAddress. */
export type AuditContext = { ipAddress?: string; clientAddress?: string; userAgent?: string | null };

export async function recordAuditEvent(
  db: Queryable,
  event: { type: AuditEvent; userId?: string | null; details?: Record<string, unknown> },
  context: AuditContext = {},
) {
  await db.insert(securityAuditLog).values({
    userId: event.userId ?? null,
    eventType: event.type,
    eventDetails: event.details ?? {},
    ipAddress: context.ipAddress ?? context.clientAddress ?? null,
    userAgent: context.userAgent?.slice(0, 500) ?? null,
  });
}

/** Fields never written to the audit trail, whatever a command passes: secrets stay secret. */
const SECRET_FIELD = /password|secret|token|backup_?codes|hash/i;

export function withoutSecrets(fields: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!fields) return null;
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !SECRET_FIELD.test(key)));
}

export type RecordedChange = {
  module: PermissionModule;
  action: "create" | "update" | "delete";
  recordId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** A more telling event than record_created/updated/deleted (roles_changed, password_reset_by_staff). */
  event?: AuditEvent;
  details?: Record<string, unknown>;
};

const ACTION_EVENTS = { create: "record_created", update: "record_updated", delete: "record_deleted" } as const;

/**
 * The audit row of a back-office write: who, from where, which module and record, and the
 * fields before and after (secrets left out). Call it with the transaction of the change
 * itself, so a change that rolls back leaves no row and no change goes unrecorded.
 */
export async function recordChange(tx: Queryable, actor: Actor, change: RecordedChange, context: AuditContext) {
  await tx.insert(securityAuditLog).values({
    userId: actor.kind === "anonymous" ? null : actor.userId,
    eventType: change.event ?? ACTION_EVENTS[change.action],
    eventDetails: { action: change.action, ...change.details },
    module: change.module,
    recordId: change.recordId,
    before: withoutSecrets(change.before),
    after: withoutSecrets(change.after),
    ipAddress: context.ipAddress ?? context.clientAddress ?? null,
    userAgent: context.userAgent?.slice(0, 500) ?? null,
  });
}
