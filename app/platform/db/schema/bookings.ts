import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { assets, money } from "./catalog";
import { createdAt, id, updatedAt } from "./columns";
import { bookingStatus, experienceType } from "./enums";

/**
 * A stay is the half-open range [check_in_date, check_out_date). The exclusion constraint
 * `bookings_no_overlap` (hand-written migration) forbids two non-cancelled stays of one asset
 * sharing a night; SQLSTATE 23P01 reports a clash.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id, { onDelete: "restrict" }),
    /** The signed-in account that booked, if any; guest bookings carry name and e-mail only. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The location's name when booked (the spec keeps it as text on the booking). */
    location: text("location").notNull(),
    guestName: text("guest_name").notNull(),
    guestEmail: text("guest_email").notNull(),
    guestPhone: text("guest_phone"),
    checkInDate: date("check_in_date").notNull(),
    checkOutDate: date("check_out_date").notNull(),
    numberOfGuests: integer("number_of_guests").notNull().default(2),
    numberOfNights: integer("number_of_nights").notNull(),
    totalAmount: money("total_amount").notNull(),
    experienceType: experienceType("experience_type").notNull(),
    status: bookingStatus("status").notNull().default("pending"),
    /**
     * The short code people read out and type ("STA-3F9A0C" with its location's letters, see
     * booking-code.ts): six random hex digits, unique; an insert that draws a taken one is retried.
     */
    reference: text("reference")
      .notNull()
      .unique("bookings_reference_key")
      .default(sql`upper(substr(md5(gen_random_uuid()::text), 1, 6))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("bookings_dates_check", sql`${t.checkOutDate} > ${t.checkInDate}`),
    check("bookings_nights_check", sql`${t.numberOfNights} = ${t.checkOutDate} - ${t.checkInDate}`),
    check("bookings_guests_check", sql`${t.numberOfGuests} >= 1`),
    check("bookings_total_check", sql`${t.totalAmount} >= 0`),
    check("bookings_guest_name_check", sql`length(trim(${t.guestName})) > 0`),
    check("bookings_guest_email_check", sql`position('@' in ${t.guestEmail}) > 1`),
    index("bookings_guest_email_idx").on(sql`lower(${t.guestEmail})`),
    index("bookings_user_id_idx").on(t.userId),
    index("bookings_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    // The back-office list: search by guest, a status's newest first, one asset's stays by date.
    index("bookings_guest_trgm_idx").using("gin", t.guestName.op("gin_trgm_ops"), t.guestEmail.op("gin_trgm_ops")),
    index("bookings_status_created_at_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    index("bookings_asset_check_in_idx").on(t.assetId, t.checkInDate),
    // The day's arrivals and departures (the overview, the list's Arriving/Departing filters)
    // and the list sorted by check-in.
    index("bookings_check_in_idx").on(t.checkInDate),
    index("bookings_check_out_idx").on(t.checkOutDate),
  ],
);
