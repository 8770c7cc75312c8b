import { sql } from "drizzle-orm";
import { check, date, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { StoredImage } from "../../storage/image-sources";
import { users } from "./auth";
import { hiveTiers, locations, money } from "./catalog";
import { createdAt, id, updatedAt } from "./columns";
import { adoptionStatus, hiveStatus, paymentFrequency, paymentMethod } from "./enums";

/**
 * The hive registry: the real hives sponsors' adoptions are assigned to (the adoption's
 * hive_name is the sponsor's own name for it).
 */
export const hives = pgTable(
  "hives",
  {
    id: id(),
    name: text("name").notNull().unique(),
    locationId: uuid("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
    status: hiveStatus("status").notNull().default("active"),
    installedOn: date("installed_on"),
    notes: text("notes"),
    /** Why it failed or was retired, as told to its sponsors. */
    statusReason: text("status_reason"),
    /** Its photo (platform/storage): what its sponsors see in My Adoptions. */
    photo: jsonb("photo").$type<StoredImage>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("hives_location_status_idx").on(t.locationId, t.status)],
);

/** What staff post about a hive (an inspection, the first honey): its sponsors see and receive it. */
export const hiveUpdates = pgTable(
  "hive_updates",
  {
    id: id(),
    hiveId: uuid("hive_id")
      .notNull()
      .references(() => hives.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    photos: jsonb("photos").$type<StoredImage[]>().notNull().default([]),
    postedBy: text("posted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [check("hive_updates_body_check", sql`length(${t.body}) between 1 and 5000`), index("hive_updates_hive_idx").on(t.hiveId, t.createdAt.desc().nullsFirst())],
);

export const hiveAdoptions = pgTable(
  "hive_adoptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    tierId: uuid("tier_id")
      .notNull()
      .references(() => hiveTiers.id, { onDelete: "restrict" }),
    email: text("email").notNull(),
    status: adoptionStatus("status").notNull().default("pending"),
    paymentFrequency: paymentFrequency("payment_frequency").notNull().default("monthly"),
    paymentMethod: paymentMethod("payment_method").notNull().default("credit_card"),
    hiveName: text("hive_name"),
    /** The real hive of the registry, once assigned. */
    hiveId: uuid("hive_id").references(() => hives.id, { onDelete: "set null" }),
    startDate: date("start_date").notNull().default(sql`current_date`),
    endDate: date("end_date"),
    totalPaid: money("total_paid").notNull().default("0"),
    notes: text("notes"),
    /** When the sponsor was reminded that the end date is near (once per end date: a new end date clears it). */
    renewalReminderSentAt: timestamp("renewal_reminder_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("hive_adoptions_total_paid_check", sql`${t.totalPaid} >= 0`),
    check("hive_adoptions_end_date_check", sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    index("hive_adoptions_user_idx").on(t.userId),
    index("hive_adoptions_hive_idx").on(t.hiveId, t.status),
    index("hive_adoptions_tier_status_idx").on(t.tierId, t.status),
    index("hive_adoptions_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    // The requests waiting (the menu's count, the day's overview) and a status's newest first.
    index("hive_adoptions_status_created_at_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    // Hive Adoptions sorted by total paid or start date, deep pages included.
    index("hive_adoptions_total_paid_idx").on(t.totalPaid.desc().nullsFirst(), t.createdAt.desc().nullsFirst()),
    index("hive_adoptions_start_date_idx").on(t.startDate.desc().nullsFirst(), t.createdAt.desc().nullsFirst()),
    // The scheduled expiry and renewal reminders read the place-holding adoptions by end date.
    index("hive_adoptions_end_date_idx").on(t.endDate).where(sql`${t.status} in ('pending', 'active') and ${t.endDate} is not null`),
    // Hive adoptions' search: a piece of the sponsor's e-mail or the hive's name.
    index("hive_adoptions_search_trgm_idx").using("gin", t.email.op("gin_trgm_ops"), t.hiveName.op("gin_trgm_ops")),
  ],
);

export const paymentHistory = pgTable(
  "payment_history",
  {
    id: id(),
    adoptionId: uuid("adoption_id")
      .notNull()
      .references(() => hiveAdoptions.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    paymentMethod: paymentMethod("payment_method").notNull(),
    paymentDate: date("payment_date").notNull().default(sql`current_date`),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [
    check("payment_history_amount_check", sql`${t.amount} > 0`),
    index("payment_history_adoption_idx").on(t.adoptionId, t.paymentDate.desc().nullsFirst()),
    // The month's payments (the day's overview, Hive Adoptions' "Recorded this month").
    index("payment_history_payment_date_idx").on(t.paymentDate),
  ],
);
