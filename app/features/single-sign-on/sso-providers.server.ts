import { asc, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { recordChange } from "~/features/accounts/audit.server";
import { requireFreshProof } from "~/features/accounts/fresh-proof.server";
import { assertCan } from "~/features/accounts/permissions";
import { openSecret, sealSecret } from "~/features/accounts/secret-box.server";
import type { BackOfficeContext } from "~/features/back-office/context";
import { refuseDuplicate } from "~/features/back-office/duplicates.server";
import { pagedList, type ListPage } from "~/features/back-office/paged-list.server";
import { isRecordId } from "~/features/back-office/record-id";
import { containing } from "~/features/back-office/search";
import type { Queryable } from "~/platform/db/client.server";
import { ssoProviders } from "~/platform/db/schema";
import type { ListParams } from "~/platform/list-params";
import { failed, invalid, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { discoverProvider } from "./discovery.server";
import { duplicateDomain, PROVIDER_GONE } from "./messages";
import { AddSsoProviderSchema, DeleteSsoProviderSchema, EditSsoProviderSchema } from "./sso.schema";

/**
 * The Single Sign-On screen (under Role Permissions, module `role_permissions`): one OpenID
 * Connect provider per e-mail domain. Saving reads and checks the provider's discovery document
 * first, so a provider that is saved is one a sign-in can use. Every change wants a fresh proof
 * of who is asking: a provider registered from a stolen session would let its owner in as any
 * staff member of that domain.
 */

/** One provider in the list (no secret: it never leaves the server once saved). */
export type SsoProviderRow = { id: string; domain: string; issuer: string; clientId: string; authorizationEndpoint: string; updatedAt: string };

const columns = {
  id: ssoProviders.id,
  domain: ssoProviders.domain,
  issuer: ssoProviders.issuer,
  clientId: ssoProviders.clientId,
  authorizationEndpoint: ssoProviders.authorizationEndpoint,
  updatedAt: ssoProviders.updatedAt,
};
const SORTS = { domain: ssoProviders.domain, issuer: ssoProviders.issuer, updated: ssoProviders.updatedAt } as const;

const asRow = (row: { updatedAt: Date } & Omit<SsoProviderRow, "updatedAt">): SsoProviderRow => ({ ...row, updatedAt: row.updatedAt.toISOString() });
const filtersOf = (params: ListParams): SQL | undefined => (params.q ? or(ilike(ssoProviders.domain, containing(params.q)), ilike(ssoProviders.issuer, containing(params.q))) : undefined);

export async function listSsoProviders({ platform, actor }: BackOfficeContext, params: ListParams, page?: ListPage) {
  assertCan(actor, "role_permissions", "view");
  const column = SORTS[params.sort as keyof typeof SORTS] ?? ssoProviders.domain;
  const { rows, total } = await pagedList(
    platform.db,
    { select: () => platform.db.select(columns).from(ssoProviders), where: filtersOf(params), orderBy: [params.dir === "desc" ? desc(column) : asc(column), asc(ssoProviders.domain)] },
    params,
    page,
  );
  return { rows: rows.map(asRow), total };
}

export async function getSsoProvider({ platform, actor }: BackOfficeContext, id: string): Promise<SsoProviderRow | null> {
  assertCan(actor, "role_permissions", "view");
  if (!isRecordId(id)) return null;
  const [row] = await platform.db.select(columns).from(ssoProviders).where(eq(ssoProviders.id, id));
  return row ? asRow(row) : null;
}

/** The secret is sealed to the provider's domain: a sealed value copied onto another row does not open. */
const sealContext = (domain: string) => `sso-provider:${domain}`;

/** The provider that signs in addresses of `domain`, with its client secret opened (null when none, or it no longer opens). */
export async function providerForDomain(platform: Pick<Platform, "db" | "authSecret">, domain: string) {
  const [row] = await platform.db.select().from(ssoProviders).where(eq(ssoProviders.domain, domain.toLowerCase()));
  if (!row) return null;
  const clientSecret = openSecret(row.clientSecretSealed, platform.authSecret, sealContext(row.domain), "sso-client-secret");
  return clientSecret === null ? null : { ...row, clientSecret };
}

const audited = (row: { domain: string; issuer: string; clientId: string }) => ({ domain: row.domain, issuer: row.issuer, clientId: row.clientId });
const allowLoopback = (platform: Platform) => platform.env.SSO_ALLOW_LOOPBACK;

/** The discovery document, checked; a refusal names the issuer field. */
async function discovered(platform: Platform, issuer: string) {
  const discovery = await discoverProvider(issuer, { allowLoopback: allowLoopback(platform) });
  if (!discovery.ok) return { refusal: failed(discovery.reason === "unreachable" ? 503 : 422, discovery.message, { issuer: [discovery.message] }) } as const;
  return { endpoints: discovery.endpoints } as const;
}

export async function addSsoProvider(ctx: BackOfficeContext, input: unknown): Promise<Result<{ id: string }>> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "role_permissions", "create");
  const stale = await requireFreshProof(platform, ctx.session);
  if (stale) return stale;
  const parsed = AddSsoProviderSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const fields = parsed.data;
  const found = await discovered(platform, fields.issuer);
  if (found.refusal) return found.refusal;
  const { authorizationEndpoint, tokenEndpoint, jwksUri } = found.endpoints;
  return refuseDuplicate("domain", duplicateDomain(fields.domain), () =>
    platform.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(ssoProviders)
        .values({ domain: fields.domain, issuer: fields.issuer, clientId: fields.clientId, clientSecretSealed: sealSecret(fields.clientSecret, platform.authSecret, sealContext(fields.domain), "sso-client-secret"), authorizationEndpoint, tokenEndpoint, jwksUri })
        .returning({ id: ssoProviders.id });
      await recordChange(tx, actor, { module: "role_permissions", action: "create", recordId: row!.id, after: audited(fields), details: { label: `single sign-on for ${fields.domain}` } }, meta);
      return succeeded({ id: row!.id }, "Single sign-on provider added", `Staff with an address at ${fields.domain} can now sign in with it.`);
    }),
  );
}

async function lockedProvider(tx: Queryable, id: string) {
  const [row] = await tx.select().from(ssoProviders).where(eq(ssoProviders.id, id)).for("update");
  return row ?? null;
}

export async function updateSsoProvider(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "role_permissions", "update");
  const stale = await requireFreshProof(platform, ctx.session);
  if (stale) return stale;
  const parsed = EditSsoProviderSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id, clientSecret, ...fields } = parsed.data;
  if (!isRecordId(id)) return failed(404, PROVIDER_GONE);
  const found = await discovered(platform, fields.issuer);
  if (found.refusal) return found.refusal;
  const { authorizationEndpoint, tokenEndpoint, jwksUri } = found.endpoints;
  return refuseDuplicate("domain", duplicateDomain(fields.domain), () =>
    platform.db.transaction(async (tx) => {
      const current = await lockedProvider(tx, id);
      if (!current) return failed(404, PROVIDER_GONE);
      // A blank secret keeps the stored one; sealed again when the domain (its seal's context) changes.
      const secret = clientSecret ?? openSecret(current.clientSecretSealed, platform.authSecret, sealContext(current.domain), "sso-client-secret");
      if (secret === null) {
        const message = "The stored client secret can no longer be read (the site's secret changed). Enter the client secret again.";
        return failed(422, message, { clientSecret: [message] });
      }
      await tx
        .update(ssoProviders)
        .set({ ...fields, clientSecretSealed: sealSecret(secret, platform.authSecret, sealContext(fields.domain), "sso-client-secret"), authorizationEndpoint, tokenEndpoint, jwksUri, updatedAt: new Date() })
        .where(eq(ssoProviders.id, id));
      await recordChange(
        tx,
        actor,
        { module: "role_permissions", action: "update", recordId: id, before: audited(current), after: audited(fields), details: { label: `single sign-on for ${fields.domain}`, secretReplaced: clientSecret !== undefined } },
        meta,
      );
      return succeeded(null, "Single sign-on provider updated", fields.domain);
    }),
  );
}

export async function deleteSsoProvider(ctx: BackOfficeContext, input: unknown): Promise<Result> {
  const { platform, actor, meta } = ctx;
  assertCan(actor, "role_permissions", "delete");
  const stale = await requireFreshProof(platform, ctx.session);
  if (stale) return stale;
  const parsed = DeleteSsoProviderSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { id } = parsed.data;
  if (!isRecordId(id)) return failed(404, PROVIDER_GONE);
  return platform.db.transaction(async (tx) => {
    const current = await lockedProvider(tx, id);
    if (!current) return failed(404, PROVIDER_GONE);
    await tx.delete(ssoProviders).where(eq(ssoProviders.id, id));
    await recordChange(tx, actor, { module: "role_permissions", action: "delete", recordId: id, before: audited(current), details: { label: `single sign-on for ${current.domain}` } }, meta);
    return succeeded(null, "Single sign-on provider removed", `Staff at ${current.domain} sign in with their password, Google or a passkey again.`);
  });
}

/** Whether the admin login offers single sign-on at all. */
export async function anySsoProvider(db: Queryable) {
  const [row] = await db.select({ id: ssoProviders.id }).from(ssoProviders).limit(1);
  return Boolean(row);
}
