import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { hiveTiers, money } from "./catalog";
import { createdAt, id, updatedAt } from "./columns";
import { adoptionStatus, paymentFrequency, paymentMethod } from "./enums";

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
    startDate: date("start_date").notNull().default(sql`current_date`),
    endDate: date("end_date"),
    totalPaid: money("total_paid").notNull().default("0"),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("hive_adoptions_total_paid_check", sql`${t.totalPaid} >= 0`),
    check("hive_adoptions_end_date_check", sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    index("hive_adoptions_user_idx").on(t.userId),
    index("hive_adoptions_tier_status_idx").on(t.tierId, t.status),
    index("hive_adoptions_created_at_idx").on(t.createdAt.desc().nullsFirst()),
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
  ],
);
