import { z } from "~/platform/zod";
import { checkbox, recordId } from "~/features/back-office/form-fields";

/**
 * The Hive Tiers dialog, in the browser and in the commands. Numbers stay decimal text (money is
 * never floating point: the database keeps numeric, code works in cents); perks come one per
 * line, blank lines dropped (the spec).
 */
export const TIER_MESSAGES = {
  name: "Name is required",
  nameLength: "Name can be at most 60 characters",
  monthly: "Monthly price must be a number of dollars, 0 or more, with at most 2 decimals",
  annual: "Annual price must be a number of dollars, 0 or more, with at most 2 decimals",
  honey: "Honey share must be a number of kilograms, 0 or more, such as 0.5",
  maxAdoptions: "Max adoptions must be a whole number, 1 or more, or empty for no limit",
  displayOrder: "Display order must be a whole number, 0 or more",
  perkLength: "A perk can be at most 200 characters",
  perks: "At most 20 perks",
} as const;

export const PERKS_MAX = 20;

/** One perk per line: trimmed, blank lines dropped. */
export const perksOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const money = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((value) => value || "0")
    .pipe(z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, message))
    .default("0");

/** Empty is "not given"; anything else must be what `pattern` allows. */
const optionalText = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || pattern.test(value), message);

const TierFields = z.object({
  name: z.string({ error: TIER_MESSAGES.name }).trim().min(1, TIER_MESSAGES.name).max(60, TIER_MESSAGES.nameLength),
  description: z.string().trim().max(1000, "Description can be at most 1,000 characters").optional().transform((value) => value ?? ""),
  priceMonthly: money(TIER_MESSAGES.monthly),
  priceAnnual: money(TIER_MESSAGES.annual),
  perks: z
    .string()
    .optional()
    .transform((value) => perksOf(value ?? ""))
    .pipe(z.array(z.string().max(200, TIER_MESSAGES.perkLength)).max(PERKS_MAX, TIER_MESSAGES.perks)),
  honeyShareKg: optionalText(/^\d{1,4}(\.\d{1,2})?$/, TIER_MESSAGES.honey),
  maxAdoptions: optionalText(/^[1-9]\d{0,5}$/, TIER_MESSAGES.maxAdoptions).transform((value) => (value === null ? null : Number(value))),
  displayOrder: z
    .string({ error: TIER_MESSAGES.displayOrder })
    .trim()
    .transform((value) => value || "0")
    .pipe(z.string().regex(/^\d{1,6}$/, TIER_MESSAGES.displayOrder))
    .transform(Number)
    .default(0),
  isActive: checkbox,
});

export const AddTierSchema = TierFields;
export const EditTierSchema = TierFields.extend({ id: recordId("Choose a tier") });
export const DeleteTierSchema = z.object({ id: recordId("Choose a tier") });

export type TierFieldsInput = z.output<typeof AddTierSchema>;
