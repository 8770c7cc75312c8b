ALTER TABLE "hive_updates" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "hives" ADD COLUMN "photo" jsonb;