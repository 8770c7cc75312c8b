CREATE TABLE "sso_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"authorization_endpoint" text NOT NULL,
	"token_endpoint" text NOT NULL,
	"jwks_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_providers_domain_unique" UNIQUE("domain"),
	CONSTRAINT "sso_providers_domain_check" CHECK ("sso_providers"."domain" = lower("sso_providers"."domain") and "sso_providers"."domain" not like '%@%')
);
--> statement-breakpoint
CREATE TRIGGER "sso_providers_set_updated_at" BEFORE UPDATE ON "sso_providers" FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
SELECT watch_table_changes('sso_providers');
