import { z } from "~/platform/zod";
import { controlCharacterMessage, PLAIN_TEXT } from "~/platform/plain-text";
import { PAYMENT_FREQUENCIES, PAYMENT_METHODS } from "./adoption-options";
import { ADOPTION_MESSAGES } from "./adoption-messages";

export { PAYMENT_FREQUENCIES, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "./adoption-options";

/** The sponsor's own name for their hive (the portal's form and the back-office's dialog); empty = none. */
export const hiveNameField = z
  .string()
  .trim()
  .max(60, ADOPTION_MESSAGES.hiveName)
  .regex(PLAIN_TEXT, controlCharacterMessage("Hive name"))
  .optional()
  .transform((v) => (v ? v : null));

/** The adoption completion card, as the portal sends it; the server decides the price. */
export const AdoptionRequestSchema = z.object({
  tierId: z.uuid({ message: ADOPTION_MESSAGES.selectTier }),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES).default("monthly"),
  paymentMethod: z.enum(PAYMENT_METHODS).default("credit_card"),
  hiveName: hiveNameField,
});

export type AdoptionRequestInput = z.input<typeof AdoptionRequestSchema>;

/** What was chosen in the completion card besides the tier, carried through a sign-in in the address. */
export type AdoptionDraft = Pick<z.output<typeof AdoptionRequestSchema>, "paymentFrequency" | "paymentMethod" | "hiveName">;
const AdoptionDraftSchema = AdoptionRequestSchema.pick({ paymentFrequency: true, paymentMethod: true, hiveName: true });

/** The completion card's choices from an address's query, or null when there are none (or they are not valid). */
export function adoptionDraftFrom(params: URLSearchParams): AdoptionDraft | null {
  if (!params.has("paymentFrequency") && !params.has("paymentMethod") && !params.has("hiveName")) return null;
  const parsed = AdoptionDraftSchema.safeParse({
    paymentFrequency: params.get("paymentFrequency") ?? undefined,
    paymentMethod: params.get("paymentMethod") ?? undefined,
    hiveName: params.get("hiveName") ?? undefined,
  });
  return parsed.success ? parsed.data : null;
}

/** The portal address that opens the completion card of `tierId` with these choices again. */
export function adoptionDraftPath(portal: string, tierId: string, draft: AdoptionDraft | null): string {
  const params = new URLSearchParams({ tier: tierId });
  if (draft) {
    params.set("paymentFrequency", draft.paymentFrequency);
    params.set("paymentMethod", draft.paymentMethod);
    if (draft.hiveName) params.set("hiveName", draft.hiveName);
  }
  return `${portal}?${params.toString()}`;
}
