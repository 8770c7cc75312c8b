import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, updatedAt } from "./columns";
import { permissionModule } from "./enums";
import { hiveTiers, locations } from "./catalog";

/** Per-user settings the auth library does not keep: phone, 2FA flag, forced first-login change. */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    phoneNumber: text("phone_number"),
    is2faEnabled: boolean("is_2fa_enabled").notNull().default(false),
    /** TOTP secret, encrypted with the server's secret (AES-GCM); null while 2FA is off. */
    totpSecret: text("totp_secret"),
    /** The last TOTP time step accepted: a code is usable once. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** SHA-256 hashes of the unused 8-character backup codes. */
    backupCodes: text("backup_codes").array().notNull().default(sql`'{}'::text[]`),
    firstLogin: boolean("first_login").notNull().default(false),
    /** Set by an administrator: this back-office account must set up 2FA at its next sign-in. */
    twoFactorRequired: boolean("two_factor_required").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Trigram indexes: User Management's search finds a piece of an e-mail or phone number among
  // 100,000 people without reading them all.
  (t) => [index("profiles_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")), index("profiles_phone_trgm_idx").using("gin", t.phoneNumber.op("gin_trgm_ops"))],
);

/**
 * What a staff member chose for the back-office, kept with the person rather than the browser so
 * that it follows them from the desk to the phone: whether the day's overview is folded away, and
 * the location the occupancy calendar showed them last.
 */
export const staffPreferences = pgTable("staff_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  overviewCollapsed: boolean("overview_collapsed").notNull().default(false),
  /** The occupancy calendar opens on it; forgotten (null) when the location is deleted. */
  calendarLocationId: uuid("calendar_location_id").references(() => locations.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

export const sponsors = pgTable(
  "sponsors",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    companyName: text("company_name"),
    address: text("address"),
    phoneNumber: text("phone_number"),
    tierId: uuid("tier_id").references(() => hiveTiers.id, { onDelete: "set null" }),
    /** The start of the sponsor's first adoption made active: the profile's "member since". */
    memberSince: date("member_since"),
    /** Hive updates by e-mail; off after the e-mail's unsubscribe link. */
    hiveUpdateEmails: boolean("hive_update_emails").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sponsors_email_idx").on(t.email),
    index("sponsors_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    // Sponsors' search: a piece of an e-mail, company name or phone number.
    index("sponsors_search_trgm_idx").using("gin", t.email.op("gin_trgm_ops"), t.companyName.op("gin_trgm_ops"), t.phoneNumber.op("gin_trgm_ops")),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("user_roles_user_role_key").on(t.userId, t.role),
    index("user_roles_role_idx").on(t.role),
    check("user_roles_role_check", sql`${t.role} ~ '^[a-z][a-z0-9_]{1,31}$'`),
  ],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    id: id(),
    role: text("role").notNull(),
    module: permissionModule("module").notNull(),
    canView: boolean("can_view").notNull().default(false),
    canCreate: boolean("can_create").notNull().default(false),
    canUpdate: boolean("can_update").notNull().default(false),
    canDelete: boolean("can_delete").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("role_permissions_role_module_key").on(t.role, t.module),
    check("role_permissions_role_check", sql`${t.role} ~ '^[a-z][a-z0-9_]{1,31}$'`),
  ],
);

export const securityAuditLog = pgTable(
  "security_audit_log",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    eventType: text("event_type").notNull(),
    eventDetails: jsonb("event_details").$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** For a back-office change: the matrix module, the record, and its fields before and after. */
    module: permissionModule("module"),
    recordId: text("record_id"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    check("security_audit_log_event_type_check", sql`length(${t.eventType}) between 1 and 100`),
    index("security_audit_log_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("security_audit_log_event_idx").on(t.eventType, t.createdAt.desc().nullsFirst()),
    // Activity's order (newest first, then id): its first page reads 25 index entries.
    index("security_audit_log_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Failed sign-ins of unknown e-mails have no user: Activity's person search reads these apart.
    index("security_audit_log_anonymous_idx").on(t.createdAt.desc().nullsFirst()).where(sql`${t.userId} is null`),
    index("security_audit_log_module_idx").on(t.module, t.createdAt.desc().nullsFirst()),
    // A person's page: the activity about their records (their account, bookings, adoptions),
    // about a stay made under their e-mail or an adoption of theirs that has since been deleted
    // (the e-mail or account the change named), and the failed sign-ins tried with their e-mail.
    index("security_audit_log_record_idx").on(t.recordId, t.createdAt.desc().nullsFirst()),
    index("security_audit_log_guest_email_idx").on(t.module, sql`lower(coalesce(${t.after}->>'guestEmail', ${t.before}->>'guestEmail'))`),
    index("security_audit_log_named_user_idx").on(t.module, sql`coalesce(${t.after}->>'userId', ${t.before}->>'userId')`),
    index("security_audit_log_tried_email_idx").on(sql`lower(${t.eventDetails}->>'email')`).where(sql`${t.userId} is null and ${t.module} is null`),
  ],
);
