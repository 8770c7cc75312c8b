/**
 * The adoption's choices and how they read, without imports: the screen declaration (loaded by
 * routes.ts before the "~" alias exists), the portal and the server share them.
 */
export const ADOPTION_STATUSES = ["pending", "active", "cancelled", "expired"] as const;
export type AdoptionStatusName = (typeof ADOPTION_STATUSES)[number];
export const ADOPTION_STATUS_LABELS: Record<AdoptionStatusName, string> = { pending: "Pending", active: "Active", cancelled: "Cancelled", expired: "Expired" };

export const PAYMENT_FREQUENCIES = ["monthly", "annual"] as const;
export type PaymentFrequencyName = (typeof PAYMENT_FREQUENCIES)[number];
export const PAYMENT_FREQUENCY_LABELS: Record<PaymentFrequencyName, string> = { monthly: "Monthly", annual: "Annual" };

export const PAYMENT_METHODS = ["credit_card", "cash", "crypto"] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodName, string> = {
  credit_card: "Credit card",
  cash: "Cash",
  crypto: "Crypto",
};
