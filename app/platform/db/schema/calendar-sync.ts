import { sql } from "drizzle-orm";
import { check, date, index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { assets } from "./catalog";
import { createdAt, id } from "./columns";

/**
 * Calendar sync with other booking sites. Each asset may subscribe to external iCal feeds
 * (`calendar_imports`); every event of a feed becomes a block (`asset_blocks`) on the asset.
 * Blocks and live bookings both hold their nights in `asset_nights` (hand-written migration
 * 0008), whose exclusion constraint lets no two of them share a night of one asset.
 */
export const calendarImports = pgTable(
  "calendar_imports",
  {
    id: id(),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id, { onDelete: "cascade" }),
    /** What staff call the other site ("Airbnb"): Booking Conflict names it. */
    name: text("name").notNull(),
    url: text("url").notNull(),
    createdAt: createdAt(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /** Why the last attempt failed (the blocks of the last good sync are kept), or null. */
    lastError: text("last_error"),
    /** Events of the feed that clash with a booking here: a double booking for staff to resolve. */
    conflicts: jsonb("conflicts").$type<string[]>().notNull().default([]),
  },
  (t) => [unique("calendar_imports_asset_url_key").on(t.assetId, t.url), index("calendar_imports_last_attempt_idx").on(t.lastAttemptAt.nullsFirst())],
);

export const assetBlocks = pgTable(
  "asset_blocks",
  {
    id: id(),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id, { onDelete: "cascade" }),
    importId: uuid("import_id")
      .notNull()
      .references(() => calendarImports.id, { onDelete: "cascade" }),
    /** The event's UID in its feed; with the start day it identifies the block across syncs. */
    uid: text("uid").notNull(),
    /** The nights [start_date, end_date), as a booking's check-in and check-out. */
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    summary: text("summary").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    check("asset_blocks_dates_check", sql`${t.endDate} > ${t.startDate}`),
    unique("asset_blocks_import_uid_start_key").on(t.importId, t.uid, t.startDate),
    index("asset_blocks_asset_start_idx").on(t.assetId, t.startDate),
  ],
);
