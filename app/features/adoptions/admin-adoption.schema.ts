import { z } from "~/platform/zod";
import { recordId } from "~/features/back-office/form-fields";
import { isCalendarDay } from "~/features/bookings/stay-dates";
import { ADOPTION_STATUSES, PAYMENT_FREQUENCIES, PAYMENT_METHODS } from "./adoption-options";
import { hiveNameField } from "./adoption.schema";

/**
 * The back-office's adoption dialogs (add/edit and Record Payment), in the browser and in the
 * commands. Staff may set any status (the spec); money stays decimal text; dates are yyyy-MM-dd.
 */
export const ADMIN_ADOPTION_MESSAGES = {
  sponsor: "Choose the sponsor by their e-mail",
  tier: "Choose a tier",
  startDate: "Choose the start date",
  endDate: "Enter the end date as a date, or leave it empty",
  endBeforeStart: "The end date cannot be before the start date",
  totalPaid: "Total paid must be a number of dollars, 0 or more, with at most 2 decimals",
  notes: "Notes can be at most 2,000 characters",
  amount: "Amount must be more than $0, in dollars with at most 2 decimals",
  paymentDate: "Choose the payment date",
  paymentNotes: "Notes can be at most 500 characters",
} as const;

const day = (message: string) => z.string({ error: message }).trim().min(1, message).refine(isCalendarDay, message);

const AdoptionFields = z.object({
  userEmail: z.string({ error: ADMIN_ADOPTION_MESSAGES.sponsor }).trim().min(1, ADMIN_ADOPTION_MESSAGES.sponsor).max(255, ADMIN_ADOPTION_MESSAGES.sponsor).transform((value) => value.toLowerCase()),
  tierId: z.string({ error: ADMIN_ADOPTION_MESSAGES.tier }).trim().min(1, ADMIN_ADOPTION_MESSAGES.tier),
  status: z.enum(ADOPTION_STATUSES, { error: "Choose a status" }).default("pending"),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES, { error: "Choose a frequency" }).default("monthly"),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: "Choose a payment method" }).default("credit_card"),
  hiveName: hiveNameField,
  /** The registry's hive; empty until one is assigned. */
  hiveId: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null),
  startDate: day(ADMIN_ADOPTION_MESSAGES.startDate),
  endDate: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isCalendarDay(value), ADMIN_ADOPTION_MESSAGES.endDate),
  totalPaid: z
    .string({ error: ADMIN_ADOPTION_MESSAGES.totalPaid })
    .trim()
    .transform((value) => value || "0")
    .pipe(z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, ADMIN_ADOPTION_MESSAGES.totalPaid))
    .default("0"),
  notes: z
    .string()
    .trim()
    .max(2000, ADMIN_ADOPTION_MESSAGES.notes)
    .optional()
    .transform((value) => value || null),
});

function endAfterStart(value: { startDate: string; endDate: string | null }, ctx: z.RefinementCtx) {
  if (value.endDate !== null && value.endDate < value.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: ADMIN_ADOPTION_MESSAGES.endBeforeStart });
}

export const AddAdoptionSchema = AdoptionFields.superRefine(endAfterStart);
export const EditAdoptionSchema = AdoptionFields.extend({ id: recordId("Choose an adoption") }).superRefine(endAfterStart);
export const DeleteAdoptionSchema = z.object({ id: recordId("Choose an adoption") });

export type AdoptionFieldsInput = z.output<typeof AddAdoptionSchema>;

/** Record Payment: a payment_history row, and the adoption's total paid goes up by it. */
export const RecordPaymentSchema = z.object({
  adoptionId: recordId("Choose an adoption"),
  amount: z
    .string({ error: ADMIN_ADOPTION_MESSAGES.amount })
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, ADMIN_ADOPTION_MESSAGES.amount)
    .refine((value) => Number(value) > 0, ADMIN_ADOPTION_MESSAGES.amount),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: "Choose a payment method" }).default("credit_card"),
  paymentDate: day(ADMIN_ADOPTION_MESSAGES.paymentDate),
  notes: z
    .string()
    .trim()
    .max(500, ADMIN_ADOPTION_MESSAGES.paymentNotes)
    .optional()
    .transform((value) => value || null),
});
