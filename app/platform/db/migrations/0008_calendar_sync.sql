CREATE TABLE "asset_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_blocks_import_uid_start_key" UNIQUE("import_id","uid","start_date"),
	CONSTRAINT "asset_blocks_dates_check" CHECK ("asset_blocks"."end_date" > "asset_blocks"."start_date")
);
--> statement-breakpoint
CREATE TABLE "calendar_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "calendar_imports_asset_url_key" UNIQUE("asset_id","url")
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "asset_blocks" ADD CONSTRAINT "asset_blocks_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_blocks" ADD CONSTRAINT "asset_blocks_import_id_calendar_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."calendar_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD CONSTRAINT "calendar_imports_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_blocks_asset_start_idx" ON "asset_blocks" USING btree ("asset_id","start_date");--> statement-breakpoint
CREATE INDEX "calendar_imports_last_attempt_idx" ON "calendar_imports" USING btree ("last_attempt_at" NULLS FIRST);--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_calendar_token_unique" UNIQUE("calendar_token");--> statement-breakpoint
-- Every night held on an asset, by a live booking or by a block from another site's calendar.
-- One exclusion constraint over both: a booking can't take a night blocked elsewhere and a block
-- can't land on a booked night, whoever writes first. Kept by the triggers below; nobody writes here.
CREATE TABLE "asset_nights" (
	"asset_id" uuid NOT NULL REFERENCES "assets"("id") ON DELETE CASCADE,
	"nights" daterange NOT NULL,
	"booking_id" uuid UNIQUE REFERENCES "bookings"("id") ON DELETE CASCADE,
	"block_id" uuid UNIQUE REFERENCES "asset_blocks"("id") ON DELETE CASCADE,
	CONSTRAINT "asset_nights_one_holder_check" CHECK (("booking_id" IS NULL) <> ("block_id" IS NULL)),
	CONSTRAINT "asset_nights_no_overlap" EXCLUDE USING gist ("asset_id" WITH =, "nights" WITH &&)
);
--> statement-breakpoint
INSERT INTO "asset_nights" ("asset_id", "nights", "booking_id")
	SELECT "asset_id", daterange("check_in_date", "check_out_date", '[)'), "id" FROM "bookings" WHERE "status" <> 'cancelled';
--> statement-breakpoint
CREATE FUNCTION hold_booking_nights() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM asset_nights WHERE booking_id = NEW.id;
  IF NEW.status <> 'cancelled' THEN
    INSERT INTO asset_nights (asset_id, nights, booking_id) VALUES (NEW.asset_id, daterange(NEW.check_in_date, NEW.check_out_date, '[)'), NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_hold_nights AFTER INSERT OR UPDATE OF asset_id, check_in_date, check_out_date, status ON bookings
	FOR EACH ROW EXECUTE FUNCTION hold_booking_nights();
--> statement-breakpoint
CREATE FUNCTION hold_block_nights() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM asset_nights WHERE block_id = NEW.id;
  INSERT INTO asset_nights (asset_id, nights, block_id) VALUES (NEW.asset_id, daterange(NEW.start_date, NEW.end_date, '[)'), NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER asset_blocks_hold_nights AFTER INSERT OR UPDATE OF asset_id, start_date, end_date ON asset_blocks
	FOR EACH ROW EXECUTE FUNCTION hold_block_nights();
--> statement-breakpoint
SELECT watch_table_changes('asset_blocks');
--> statement-breakpoint
SELECT watch_table_changes('calendar_imports');
