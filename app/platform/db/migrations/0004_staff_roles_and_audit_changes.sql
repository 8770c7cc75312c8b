ALTER TABLE "role_permissions" ALTER COLUMN "role" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "user_roles" ALTER COLUMN "role" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "two_factor_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "security_audit_log" ADD COLUMN "module" "permission_module";--> statement-breakpoint
ALTER TABLE "security_audit_log" ADD COLUMN "record_id" text;--> statement-breakpoint
ALTER TABLE "security_audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "security_audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
CREATE INDEX "security_audit_log_created_idx" ON "security_audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_audit_log_module_idx" ON "security_audit_log" USING btree ("module","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_check" CHECK ("role_permissions"."role" ~ '^[a-z][a-z0-9_]{1,31}$');--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" ~ '^[a-z][a-z0-9_]{1,31}$');--> statement-breakpoint
DROP TYPE "public"."app_role";
--> statement-breakpoint
-- The back-office lists refresh live when another person changes them (the event stream sends
-- these tables to staff only: see routes/api/events.ts).
SELECT watch_table_changes('profiles');
--> statement-breakpoint
SELECT watch_table_changes('user_roles');
--> statement-breakpoint
SELECT watch_table_changes('sponsors');
--> statement-breakpoint
SELECT watch_table_changes('role_permissions');
--> statement-breakpoint
SELECT watch_table_changes('security_audit_log');
