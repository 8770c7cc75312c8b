import { sql } from "drizzle-orm";
import { check, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

/**
 * The staff's own OpenID Connect providers, one per e-mail domain: a staff member whose address
 * is in `domain` signs in at that provider. The endpoints are what the provider's discovery
 * document said when the provider was last saved (read again at each sign-in start). The client
 * secret is sealed with a key derived from AUTH_SECRET (secret-box.server.ts) and never shown.
 */
export const ssoProviders = pgTable(
  "sso_providers",
  {
    id: id(),
    /** Lower case, without "@": "example.org". */
    domain: text("domain").notNull().unique(),
    issuer: text("issuer").notNull(),
    clientId: text("client_id").notNull(),
    clientSecretSealed: text("client_secret_sealed").notNull(),
    authorizationEndpoint: text("authorization_endpoint").notNull(),
    tokenEndpoint: text("token_endpoint").notNull(),
    jwksUri: text("jwks_uri").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("sso_providers_domain_check", sql`${t.domain} = lower(${t.domain}) and ${t.domain} not like '%@%'`)],
);
