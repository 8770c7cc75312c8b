import { timestamp, uuid } from "drizzle-orm/pg-core";

/** Shared column builders. `updated_at` is kept current by a database trigger (see migrations). */
export const id = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
