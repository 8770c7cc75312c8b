-- Trigram indexes (the back-office searches find a piece of an e-mail, a name or a phone number).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "security_audit_log_user_idx";--> statement-breakpoint
DROP INDEX "security_audit_log_event_idx";--> statement-breakpoint
DROP INDEX "security_audit_log_created_idx";--> statement-breakpoint
DROP INDEX "security_audit_log_module_idx";--> statement-breakpoint
DROP INDEX "sponsors_created_at_idx";--> statement-breakpoint
DROP INDEX "bookings_created_at_idx";--> statement-breakpoint
DROP INDEX "hive_adoptions_created_at_idx";--> statement-breakpoint
DROP INDEX "payment_history_adoption_idx";--> statement-breakpoint
DROP INDEX "posts_published_idx";--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_email_trgm_idx" ON "profiles" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_phone_trgm_idx" ON "profiles" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "security_audit_log_anonymous_idx" ON "security_audit_log" USING btree ("created_at" DESC NULLS FIRST) WHERE "security_audit_log"."user_id" is null;--> statement-breakpoint
CREATE INDEX "sponsors_search_trgm_idx" ON "sponsors" USING gin ("email" gin_trgm_ops,"company_name" gin_trgm_ops,"phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "security_audit_log_user_idx" ON "security_audit_log" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "security_audit_log_event_idx" ON "security_audit_log" USING btree ("event_type","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "security_audit_log_created_idx" ON "security_audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "security_audit_log_module_idx" ON "security_audit_log" USING btree ("module","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sponsors_created_at_idx" ON "sponsors" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "hive_adoptions_created_at_idx" ON "hive_adoptions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_history_adoption_idx" ON "payment_history" USING btree ("adoption_id","payment_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_published_idx" ON "posts" USING btree ("published","published_at" DESC NULLS FIRST);