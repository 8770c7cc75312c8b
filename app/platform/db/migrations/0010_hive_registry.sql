CREATE TYPE "public"."hive_status" AS ENUM('active', 'failed', 'retired');--> statement-breakpoint
ALTER TYPE "public"."permission_module" ADD VALUE 'hives' BEFORE 'sponsors';--> statement-breakpoint
CREATE TABLE "hive_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hive_id" uuid NOT NULL,
	"body" text NOT NULL,
	"posted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hive_updates_body_check" CHECK (length("hive_updates"."body") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "hives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"location_id" uuid NOT NULL,
	"status" "hive_status" DEFAULT 'active' NOT NULL,
	"installed_on" date,
	"notes" text,
	"status_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hives_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "sponsors" ADD COLUMN "hive_update_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "hive_adoptions" ADD COLUMN "hive_id" uuid;--> statement-breakpoint
ALTER TABLE "hive_updates" ADD CONSTRAINT "hive_updates_hive_id_hives_id_fk" FOREIGN KEY ("hive_id") REFERENCES "public"."hives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hive_updates" ADD CONSTRAINT "hive_updates_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hives" ADD CONSTRAINT "hives_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hive_updates_hive_idx" ON "hive_updates" USING btree ("hive_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "hives_location_status_idx" ON "hives" USING btree ("location_id","status");--> statement-breakpoint
ALTER TABLE "hive_adoptions" ADD CONSTRAINT "hive_adoptions_hive_id_hives_id_fk" FOREIGN KEY ("hive_id") REFERENCES "public"."hives"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hive_adoptions_hive_idx" ON "hive_adoptions" USING btree ("hive_id","status");--> statement-breakpoint
-- Hives and their updates refresh the back-office live (hives: their adoptions; updates: their sponsors' My Adoptions).
SELECT watch_table_changes('hives');--> statement-breakpoint
SELECT watch_table_changes('hive_updates');
