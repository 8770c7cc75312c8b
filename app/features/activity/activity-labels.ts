import type { AuditEvent } from "../accounts/audit.server";

/** How each recorded event reads in Activity (and its CSV). */
const EVENT_LABELS: Record<AuditEvent, string> = {
  login_success: "Signed in",
  login_failed: "Sign-in failed",
  login_refused: "Sign-in refused",
  "2fa_verified": "Two-factor code accepted",
  "2fa_failed": "Two-factor code refused",
  "2fa_backup_code_used": "Backup code used",
  "2fa_enabled": "Two-factor turned on",
  "2fa_disabled": "Two-factor turned off",
  "2fa_backup_codes_regenerated": "New backup codes made",
  password_changed: "Password changed",
  password_change_failed: "Password change failed",
  password_reset: "Password reset by e-mail link",
  password_reset_requested: "Password reset asked for",
  sessions_revoked: "Signed out everywhere",
  reauthenticated: "Confirmed it was them",
  reauthentication_failed: "Failed to confirm it was them",
  admin_created: "Administrator created",
  logout: "Signed out",
  passkey_added: "Passkey added",
  passkey_add_failed: "Passkey not added",
  passkey_removed: "Passkey removed",
  email_added: "E-mail address added",
  email_change_requested: "Asked to change e-mail address",
  email_changed: "E-mail address changed",
  email_change_undone: "E-mail address change undone",
  record_created: "Added",
  record_updated: "Changed",
  record_deleted: "Deleted",
  roles_changed: "Roles changed",
  password_reset_by_staff: "Password set by staff",
  payment_recorded: "Payment recorded",
  refused: "Refused",
};

export const eventLabel = (event: string) => EVENT_LABELS[event as AuditEvent] ?? event;
