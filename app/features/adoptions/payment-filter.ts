/**
 * Hive Adoptions' filter on payments (no imports: the screen declaration uses it): nothing paid
 * yet, something paid (with Pending: paid, to activate), or a payment dated this month (in the
 * back-office's time zone). See payment-filter.server.ts for what each one selects.
 */
export const ADOPTION_PAYMENT_FILTERS = ["none", "recorded", "this_month"] as const;
export type AdoptionPaymentFilter = (typeof ADOPTION_PAYMENT_FILTERS)[number];
export const ADOPTION_PAYMENT_FILTER_LABELS: Record<AdoptionPaymentFilter, string> = {
  none: "None recorded",
  recorded: "Some recorded",
  this_month: "Recorded this month",
};
