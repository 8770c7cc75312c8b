-- The back-office's day overview: the staff member's own choice to fold it away (kept per
-- person, not per browser), and indexes for the figures it and the menu's counts read.
CREATE TABLE "staff_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"overview_collapsed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_preferences" ADD CONSTRAINT "staff_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER "staff_preferences_set_updated_at" BEFORE UPDATE ON "staff_preferences" FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
CREATE INDEX "hive_adoptions_status_created_at_idx" ON "hive_adoptions" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_history_payment_date_idx" ON "payment_history" USING btree ("payment_date");
