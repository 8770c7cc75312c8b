ALTER TABLE "sessions" ADD COLUMN "proven_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "security_audit_log_record_idx" ON "security_audit_log" USING btree ("record_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "security_audit_log_guest_email_idx" ON "security_audit_log" USING btree ("module",lower(coalesce("after"->>'guestEmail', "before"->>'guestEmail')));--> statement-breakpoint
CREATE INDEX "security_audit_log_named_user_idx" ON "security_audit_log" USING btree ("module",coalesce("after"->>'userId', "before"->>'userId'));--> statement-breakpoint
CREATE INDEX "security_audit_log_tried_email_idx" ON "security_audit_log" USING btree (lower("event_details"->>'email')) WHERE "security_audit_log"."user_id" is null and "security_audit_log"."module" is null;--> statement-breakpoint
CREATE INDEX "bookings_check_in_idx" ON "bookings" USING btree ("check_in_date");--> statement-breakpoint
CREATE INDEX "bookings_check_out_idx" ON "bookings" USING btree ("check_out_date");--> statement-breakpoint
CREATE INDEX "outbox_messages_to_idx" ON "outbox_messages" USING btree (lower("to"),"created_at" DESC NULLS LAST);--> statement-breakpoint
-- Google's tokens were kept although nothing used them: they are no longer written, and the ones stored go.
UPDATE "accounts" SET "access_token" = NULL, "refresh_token" = NULL, "id_token" = NULL, "access_token_expires_at" = NULL, "refresh_token_expires_at" = NULL WHERE "access_token" IS NOT NULL OR "refresh_token" IS NOT NULL OR "id_token" IS NOT NULL;
