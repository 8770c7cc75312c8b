-- Short codes people can read out ("STA-3F9A0C", see features/bookings/booking-code.ts); existing bookings draw one each.
ALTER TABLE "bookings" ADD COLUMN "reference" text DEFAULT upper(substr(md5(gen_random_uuid()::text), 1, 6)) NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reference_key" UNIQUE("reference");