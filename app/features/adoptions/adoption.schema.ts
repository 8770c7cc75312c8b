import { z } from "~/platform/zod";
import { controlCharacterMessage, PLAIN_TEXT } from "~/platform/plain-text";
import { PAYMENT_FREQUENCIES, PAYMENT_METHODS } from "./adoption-options";

export { PAYMENT_FREQUENCIES, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "./adoption-options";

export const ADOPTION_MESSAGES = {
  selectTier: "Please select an adoption tier",
  hiveName: "Hive name must be less than 60 characters",
} as const;

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

/** The toast for the first problem of the completion card (spec: Select a tier, else Validation Error). */
export function adoptionIssueToast(issue: { path: readonly PropertyKey[]; message: string }) {
  if (issue.path[0] === "tierId") return { title: "Select a tier", description: ADOPTION_MESSAGES.selectTier };
  return { title: "Validation Error", description: issue.message };
}
