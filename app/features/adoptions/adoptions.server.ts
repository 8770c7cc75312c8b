import { and, eq } from "drizzle-orm";
import type { Actor } from "~/features/accounts/actor";
import { retryOnDeadlock } from "~/platform/db/errors";
import { hiveAdoptions, hiveTiers } from "~/platform/db/schema";
import { enqueueTemplate } from "~/platform/mail/index.server";
import { formatUsd, toCents } from "~/platform/money";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit, type RateRule } from "~/platform/security/rate-limit.server";
import { honeyShareText } from "~/features/catalog/honey-share";
import { AdoptionRequestSchema, PAYMENT_METHOD_LABELS } from "./adoption.schema";
import { hasRoom } from "./tier-places.server";
import { ADMIN_CANNOT_ADOPT, SIGN_IN_TO_ADOPT, TIER_NOT_AVAILABLE, tierFullMessage, TOO_MANY_ADOPTIONS } from "./messages";

export const adoptionLimits = {
  byAccount: { name: "adoption:account", limit: 10, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, RateRule>;

export type AdoptionFailure = { code: "sign_in" | "admin" | "invalid" | "unavailable" | "full" | "rate_limited"; message: string };
export type AdoptionResult = { ok: true; adoptionId: string } | { ok: false; error: AdoptionFailure };

const fail = (code: AdoptionFailure["code"], message: string): AdoptionResult => ({ ok: false, error: { code, message } });

class TierUnavailable extends Error {
  constructor(readonly failure: AdoptionResult) {
    super("tier unavailable");
  }
}

/**
 * A signed-in customer asks to adopt a hive: the request is stored as pending with its
 * confirmation e-mail in one transaction. The tier row is locked while its places are counted,
 * so max_adoptions holds even when sponsors race for the last place.
 */
export async function createAdoption(deps: Pick<Platform, "db" | "env">, actor: Actor, input: Record<string, unknown>): Promise<AdoptionResult> {
  if (actor.kind === "anonymous") return fail("sign_in", SIGN_IN_TO_ADOPT.description);
  if (actor.kind === "staff") return fail("admin", ADMIN_CANNOT_ADOPT);
  const parsed = AdoptionRequestSchema.safeParse(input);
  if (!parsed.success) return fail("invalid", parsed.error.issues[0]!.message);
  const request = parsed.data;

  const decision = await hitRateLimit(deps.db, adoptionLimits.byAccount, actor.userId);
  if (!decision.allowed) return fail("rate_limited", TOO_MANY_ADOPTIONS);

  try {
    const adoptionId = await retryOnDeadlock(() =>
      deps.db.transaction(async (tx) => {
        const [tier] = await tx.select().from(hiveTiers).where(and(eq(hiveTiers.id, request.tierId), eq(hiveTiers.isActive, true))).for("update");
        if (!tier) throw new TierUnavailable(fail("unavailable", TIER_NOT_AVAILABLE));
        if (!(await hasRoom(tx, tier))) throw new TierUnavailable(fail("full", tierFullMessage(tier.name)));
        const [row] = await tx
          .insert(hiveAdoptions)
          .values({
            userId: actor.userId,
            tierId: tier.id,
            email: actor.email,
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
            userEmail: actor.email,
            tierName: tier.name,
            tierPrice: formatUsd(toCents(price)),
            paymentFrequency: request.paymentFrequency,
            paymentMethod: PAYMENT_METHOD_LABELS[request.paymentMethod],
            hiveName: request.hiveName,
            honeyShare: honeyShareText(tier.honeyShareKg),
            perks: tier.perks,
            profileUrl: `${deps.env.APP_URL}/sponsor-profile?tab=adoptions`,
          },
          { to: actor.email, idempotencyKey: `adoption-confirmation:${id}` },
        );
        return id;
      }),
    );
    return { ok: true, adoptionId };
  } catch (error) {
    if (error instanceof TierUnavailable) return error.failure;
    throw error;
  }
}
