import { and, eq } from "drizzle-orm";
import type { Actor } from "~/features/accounts/actor";
import { refuseWithoutContactEmail } from "~/features/accounts/contact-email.server";
import { refuseStaffAtCustomerDoor } from "~/features/accounts/customer-door";
import { retryOnDeadlock } from "~/platform/db/errors";
import { hiveAdoptions, hiveTiers } from "~/platform/db/schema";
import { enqueueTemplate } from "~/platform/mail/index.server";
import { formatUsd, toCents } from "~/platform/money";
import { failed, invalid, isFailure, succeeded, type Refusal, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit, type RateRule } from "~/platform/security/rate-limit.server";
import { honeyShareText } from "~/features/catalog/honey-share";
import { adoptionIssueToast } from "./adoption-messages";
import { AdoptionRequestSchema, PAYMENT_METHOD_LABELS } from "./adoption.schema";
import { hasRoom } from "./tier-places.server";
import { SIGN_IN_TO_ADOPT, TIER_NOT_AVAILABLE, tierFullMessage, TOO_MANY_ADOPTIONS } from "./messages";

export const adoptionLimits = {
  byAccount: { name: "adoption:account", limit: 10, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, RateRule>;

class TierUnavailable extends Error {
  constructor(readonly failure: Refusal) {
    super("tier unavailable");
  }
}

/**
 * A signed-in customer asks to adopt a hive (401 for a visitor who is not signed in), validated
 * with the completion card's schema (a problem is refused under the card's title for it, "Select a
 * tier"…): the request is stored as pending with its confirmation e-mail in one transaction. The tier row is locked while its places are counted,
 * so max_adoptions holds even when sponsors race for the last place.
 */
export async function createAdoption(deps: Pick<Platform, "db" | "env">, actor: Actor, input: Record<string, unknown>): Promise<Result<{ id: string }>> {
  if (actor.kind === "anonymous") return failed(401, SIGN_IN_TO_ADOPT.description);
  const customer = refuseStaffAtCustomerDoor(actor, "adoption");
  if (isFailure(customer)) return customer;
  // The confirmation and everything after it go by e-mail: a phone or wallet account adds an address first.
  const noEmail = refuseWithoutContactEmail(customer.email);
  if (noEmail) return noEmail;
  const parsed = AdoptionRequestSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues, adoptionIssueToast(parsed.error.issues[0]!).title);
  const request = parsed.data;

  const decision = await hitRateLimit(deps.db, adoptionLimits.byAccount, customer.userId);
  if (!decision.allowed) return failed(429, TOO_MANY_ADOPTIONS);

  try {
    const adoptionId = await retryOnDeadlock(() =>
      deps.db.transaction(async (tx) => {
        const [tier] = await tx.select().from(hiveTiers).where(and(eq(hiveTiers.id, request.tierId), eq(hiveTiers.isActive, true))).for("update");
        if (!tier) throw new TierUnavailable(failed(400, TIER_NOT_AVAILABLE));
        if (!(await hasRoom(tx, tier))) throw new TierUnavailable(failed(409, tierFullMessage(tier.name)));
        const [row] = await tx
          .insert(hiveAdoptions)
          .values({
            userId: customer.userId,
            tierId: tier.id,
            email: customer.email,
            status: "pending",
            paymentFrequency: request.paymentFrequency,
            paymentMethod: request.paymentMethod,
            hiveName: request.hiveName,
          })
          .returning({ id: hiveAdoptions.id });
        const id = row!.id;
        const price = request.paymentFrequency === "annual" ? tier.priceAnnual : tier.priceMonthly;
        await enqueueTemplate(
          tx,
          "adoption-confirmation",
          {
            adoptionId: id,
            userEmail: customer.email,
            tierName: tier.name,
            tierPrice: formatUsd(toCents(price)),
            paymentFrequency: request.paymentFrequency,
            paymentMethod: PAYMENT_METHOD_LABELS[request.paymentMethod],
            hiveName: request.hiveName,
            honeyShare: honeyShareText(tier.honeyShareKg),
            perks: tier.perks,
            profileUrl: `${deps.env.APP_URL}/sponsor-profile?tab=adoptions`,
          },
          { to: customer.email, idempotencyKey: `adoption-confirmation:${id}` },
        );
        return id;
      }),
    );
    return succeeded({ id: adoptionId });
  } catch (error) {
    if (error instanceof TierUnavailable) return error.failure;
    throw error;
  }
}
