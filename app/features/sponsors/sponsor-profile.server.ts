import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Actor } from "~/features/accounts/actor";
import { refuseStaffAtCustomerDoor } from "~/features/accounts/customer-door";
import type { Queryable } from "~/platform/db/client.server";
import { preparedFor } from "~/platform/db/prepared";
import { hiveAdoptions, hiveTiers, sponsors, users } from "~/platform/db/schema";
import { toCents } from "~/platform/money";
import { failed, invalid, isFailure, succeeded, type Result } from "~/platform/result";
import { SponsorProfileSchema, type SponsorProfileValues } from "./sponsor-profile.schema";

export type SponsorTier = { name: string; description: string; annualPriceCents: number };

export type SponsorProfile = SponsorProfileValues & {
  /** The sponsor record's creation: "member since" until an adoption is made active. */
  createdAt: Date;
  /** The start of their first adoption made active (yyyy-MM-dd): "member since". */
  memberSince: string | null;
  tier: SponsorTier | null;
  /** Without a tier yet: the tier of their latest adoption request still pending, if any. */
  pendingTier: string | null;
};

const profileQuery = preparedFor((db) => {
  // The latest request still pending, asked in the same statement: one round trip per visit.
  const pendingTier = alias(hiveTiers, "pending_tier");
  const latestPending = db
    .select({ name: pendingTier.name })
    .from(hiveAdoptions)
    .innerJoin(pendingTier, eq(pendingTier.id, hiveAdoptions.tierId))
    .where(and(eq(hiveAdoptions.userId, sponsors.userId), eq(hiveAdoptions.status, "pending")))
    .orderBy(desc(hiveAdoptions.createdAt))
    .limit(1);
  return db
    .select({
      name: users.name,
      companyName: sponsors.companyName,
      address: sponsors.address,
      phoneNumber: sponsors.phoneNumber,
      createdAt: sponsors.createdAt,
      memberSince: sponsors.memberSince,
      tierName: hiveTiers.name,
      tierDescription: hiveTiers.description,
      tierPriceAnnual: hiveTiers.priceAnnual,
      pendingTierName: sql<string | null>`(${latestPending})`,
    })
    .from(sponsors)
    .innerJoin(users, eq(users.id, sponsors.userId))
    .leftJoin(hiveTiers, eq(hiveTiers.id, sponsors.tierId))
    .where(eq(sponsors.userId, sql.placeholder("userId")))
    .prepare("sponsor_profile");
});

/** The signed-in customer's own sponsor record with its tier, or null when there is none. */
export async function getSponsorProfile(db: Queryable, actor: Extract<Actor, { kind: "customer" }>): Promise<SponsorProfile | null> {
  const [row] = await profileQuery(db).execute({ userId: actor.userId });
  if (!row) return null;
  const tier =
    row.tierName === null
      ? null
      : { name: row.tierName, description: row.tierDescription ?? "", annualPriceCents: toCents(row.tierPriceAnnual ?? "0") };
  return {
    name: row.name || null,
    companyName: row.companyName,
    address: row.address,
    phoneNumber: row.phoneNumber,
    createdAt: row.createdAt,
    memberSince: row.memberSince,
    tier,
    pendingTier: tier ? null : row.pendingTierName,
  };
}

/**
 * Changes the name (on the account), company name, address and phone number of the actor's own
 * sponsor record, and nobody else's: the rows are chosen by the session's user, never by anything
 * the form sends.
 */
export async function updateSponsorProfile(db: Queryable, actor: Actor, input: unknown): Promise<Result<SponsorProfileValues>> {
  if (actor.kind === "anonymous") return failed(401, "Please log in to update your profile.");
  const customer = refuseStaffAtCustomerDoor(actor, "account");
  if (isFailure(customer)) return customer;
  const parsed = SponsorProfileSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const { name, companyName, address, phoneNumber } = parsed.data;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(sponsors)
      .set({ companyName, address, phoneNumber })
      .where(eq(sponsors.userId, customer.userId))
      .returning({ companyName: sponsors.companyName, address: sponsors.address, phoneNumber: sponsors.phoneNumber });
    if (!updated) return failed(404, "There is no sponsor profile for this account.");
    await tx.update(users).set({ name: name ?? "", updatedAt: new Date() }).where(eq(users.id, customer.userId));
    return succeeded({ name, ...updated });
  });
}
