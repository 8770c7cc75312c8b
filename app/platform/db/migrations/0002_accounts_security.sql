CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "backup_codes" text[] DEFAULT '{}'::text[] NOT NULL;