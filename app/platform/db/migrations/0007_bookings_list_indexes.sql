CREATE INDEX "bookings_guest_trgm_idx" ON "bookings" USING gin ("guest_name" gin_trgm_ops,"guest_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_status_created_at_idx" ON "bookings" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_asset_check_in_idx" ON "bookings" USING btree ("asset_id","check_in_date");