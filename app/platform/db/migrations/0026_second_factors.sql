CREATE TABLE "second_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"friendly_name" text NOT NULL,
	"phone_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "second_factors_user_phone_unique" UNIQUE("user_id","phone_number"),
	CONSTRAINT "second_factors_kind_check" CHECK ("second_factors"."kind" in ('totp', 'phone')),
	CONSTRAINT "second_factors_phone_check" CHECK (("second_factors"."kind" = 'phone') = ("second_factors"."phone_number" is not null)),
	CONSTRAINT "second_factors_name_check" CHECK (length("second_factors"."friendly_name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "second_factors" ADD CONSTRAINT "second_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "second_factors_user_id_idx" ON "second_factors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_one_totp_idx" ON "second_factors" USING btree ("user_id") WHERE "second_factors"."kind" = 'totp';--> statement-breakpoint
-- Authenticator apps turned on before factors had rows of their own.
INSERT INTO "second_factors" ("user_id", "kind", "friendly_name") SELECT "id", 'totp', 'Authenticator app' FROM "profiles" WHERE "is_2fa_enabled" AND "totp_secret" IS NOT NULL;
