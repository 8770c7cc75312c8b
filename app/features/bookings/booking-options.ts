/** The booking statuses of the spec, as the database's enum holds them (a plain list the browser and routes.ts can load). */
export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled"] as const;
export type BookingStatusName = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatusName, string> = { pending: "Pending", confirmed: "Confirmed", cancelled: "Cancelled" };
