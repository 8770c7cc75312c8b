ALTER TABLE "sponsors" ADD COLUMN "member_since" date;--> statement-breakpoint
ALTER TABLE "hive_adoptions" ADD COLUMN "renewal_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "hive_adoptions_end_date_idx" ON "hive_adoptions" USING btree ("end_date") WHERE "hive_adoptions"."status" in ('pending', 'active') and "hive_adoptions"."end_date" is not null;--> statement-breakpoint
CREATE INDEX "hive_adoptions_search_trgm_idx" ON "hive_adoptions" USING gin ("email" gin_trgm_ops,"hive_name" gin_trgm_ops);--> statement-breakpoint
-- Sponsors who already had a tier were members from their record's creation (what the profile showed until now).
UPDATE "sponsors" SET "member_since" = "created_at"::date WHERE "tier_id" IS NOT NULL;--> statement-breakpoint
-- Hive Tiers and Hive Adoptions refresh live; adoptions and payments hold personal data (staff only).
SELECT watch_table_changes('hive_tiers');--> statement-breakpoint
SELECT watch_table_changes('hive_adoptions');--> statement-breakpoint
SELECT watch_table_changes('payment_history');
