import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, text, time, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { assetStatus, assetType } from "./enums";

/** Money is numeric(10,2) in the database and integer cents in code (see platform/money.ts). */
const money = (name: string) => numeric(name, { precision: 10, scale: 2 });

export const locations = pgTable("locations", {
  id: id(),
  name: text("name").notNull().unique(),
  address: text("address").notNull(),
  amenities: text("amenities").array().notNull().default(sql`'{}'::text[]`),
  /** IANA zone of the property: "today" for bookings is this zone's calendar day. */
  timeZone: text("time_zone").notNull().default("America/Los_Angeles"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const assets = pgTable(
  "assets",
  {
    id: id(),
    locationId: uuid("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    type: assetType("type").notNull().default("rv"),
    status: assetStatus("status").notNull().default("available"),
    pricePerNight: money("price_per_night").notNull().default("0"),
    description: text("description"),
    checkInTime: time("check_in_time").notNull().default("15:00"),
    checkOutTime: time("check_out_time").notNull().default("11:00"),
    /** The secret of the asset's calendar export feed (/calendar/<token>.ics); a new one revokes the old link. */
    calendarToken: text("calendar_token").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("assets_price_per_night_check", sql`${t.pricePerNight} >= 0`),
    unique("assets_location_name_key").on(t.locationId, t.name),
    index("assets_location_status_idx").on(t.locationId, t.status),
  ],
);

export const hiveTiers = pgTable(
  "hive_tiers",
  {
    id: id(),
    name: text("name").notNull().unique(),
    description: text("description").notNull().default(""),
    priceMonthly: money("price_monthly").notNull().default("0"),
    priceAnnual: money("price_annual").notNull().default("0"),
    honeyShareKg: numeric("honey_share_kg", { precision: 6, scale: 2 }),
    perks: text("perks").array().notNull().default(sql`'{}'::text[]`),
    /** null = no limit on adoptions of this tier. */
    maxAdoptions: integer("max_adoptions"),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("hive_tiers_prices_check", sql`${t.priceMonthly} >= 0 and ${t.priceAnnual} >= 0`),
    check("hive_tiers_honey_share_check", sql`${t.honeyShareKg} is null or ${t.honeyShareKg} >= 0`),
    check("hive_tiers_max_adoptions_check", sql`${t.maxAdoptions} is null or ${t.maxAdoptions} >= 0`),
    check("hive_tiers_display_order_check", sql`${t.displayOrder} >= 0`),
    index("hive_tiers_active_order_idx").on(t.isActive, t.displayOrder),
  ],
);

export { money };
