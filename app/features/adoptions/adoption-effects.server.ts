import { hasContactEmail } from "~/features/accounts/no-email";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { hiveAdoptions, hiveTiers, sponsors } from "~/platform/db/schema";
import { enqueueTemplate } from "~/platform/mail/outbox.server";
import type { AdoptionUpdateProps } from "~/platform/mail/templates";
import { formatUsd, toCents } from "~/platform/money";
import type { Platform } from "~/platform/runtime.server";
import type { AdoptionStatusName } from "./adoption-options";

/**
 * What an adoption's status change does beyond the row itself, the same whoever makes it (staff
 * in Hive Adoptions, or the scheduled expiry): the sponsor's tier follows their active adoption,
 * "member since" is the first activation, and the sponsor is told by e-mail.
 */

export type AdoptionFacts = {
  id: string;
  userId: string;
  email: string;
  tierId: string;
  status: AdoptionStatusName;
  paymentFrequency: "monthly" | "annual";
  hiveName: string | null;
  startDate: string;
  endDate: string | null;
};

/**
 * The sponsor's tier becomes that of their most recent active adoption, or none. Made active
 * for the first time: the sponsor record is created if they had none, and "member since" is set
 * to the adoption's start (an earlier one is kept).
 */
export async function followActiveAdoption(tx: Queryable, adoption: Pick<AdoptionFacts, "userId" | "email" | "status" | "startDate">) {
  const [active] = await tx
    .select({ tierId: hiveAdoptions.tierId, startDate: hiveAdoptions.startDate })
    .from(hiveAdoptions)
    .where(and(eq(hiveAdoptions.userId, adoption.userId), eq(hiveAdoptions.status, "active")))
    .orderBy(desc(hiveAdoptions.startDate), desc(hiveAdoptions.createdAt))
    .limit(1);
  if (active) {
    await tx
      .insert(sponsors)
      .values({ userId: adoption.userId, email: adoption.email, tierId: active.tierId, memberSince: active.startDate })
      .onConflictDoUpdate({
        target: sponsors.userId,
        set: { tierId: active.tierId, memberSince: sql`least(${sponsors.memberSince}, excluded.member_since)`, updatedAt: new Date() },
      });
  } else {
    await tx.update(sponsors).set({ tierId: null, updatedAt: new Date() }).where(eq(sponsors.userId, adoption.userId));
  }
}

/** The e-mail a change of status sends, if any: made active, cancelled, expired. */
export function changeToTell(previous: AdoptionStatusName | null, next: AdoptionStatusName): AdoptionUpdateProps["change"] | null {
  if (next === previous) return null;
  if (next === "active") return "activated";
  // Recorded straight away as cancelled or expired (history typed in): nothing to tell.
  if (previous === null) return null;
  if (next === "cancelled") return "cancelled";
  if (next === "expired") return "expired";
  return null;
}

/**
 * Queues the sponsor's e-mail about their adoption, in the transaction of the change; a one-click
 * decision gives its id (the e-mail's key, so its Undo can find it) and holds it for the Undo.
 */
export async function tellSponsor(tx: Queryable, platform: Pick<Platform, "env">, adoption: AdoptionFacts, change: AdoptionUpdateProps["change"], held?: { decision: string; holdSeconds: number }) {
  const [tier] = await tx.select({ name: hiveTiers.name, priceMonthly: hiveTiers.priceMonthly, priceAnnual: hiveTiers.priceAnnual }).from(hiveTiers).where(eq(hiveTiers.id, adoption.tierId));
  if (!tier || !hasContactEmail(adoption.email)) return;
  const appUrl = platform.env.APP_URL;
  await enqueueTemplate(
    tx,
    "adoption-update",
    {
      change,
      adoptionId: adoption.id,
      tierName: tier.name,
      hiveName: adoption.hiveName,
      paymentFrequency: adoption.paymentFrequency,
      price: formatUsd(toCents(adoption.paymentFrequency === "annual" ? tier.priceAnnual : tier.priceMonthly)),
      startDate: adoption.startDate,
      endDate: adoption.endDate,
      profileUrl: `${appUrl}/sponsor-profile?tab=adoptions`,
      adoptUrl: `${appUrl}/adopt-hive-signup`,
    },
    // One per change: a second activation after a cancellation is a new message.
    { to: adoption.email, idempotencyKey: activationMailKey(change, adoption.id, change === "renewal-due" ? String(adoption.endDate) : (held?.decision ?? crypto.randomUUID())), holdSeconds: held?.holdSeconds },
  );
}

/** The key of a sponsor's e-mail about a change: one per change, so a second activation after a cancellation is a new message. */
export const activationMailKey = (change: AdoptionUpdateProps["change"], adoptionId: string, occasion: string) => `adoption-update:${change}:${adoptionId}:${occasion}`;
