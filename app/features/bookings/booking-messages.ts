// Without zod: the portal's form shows these before its schema is fetched (ui/forms/client-schema.ts).
import { MAX_GUESTS, MAX_NIGHTS } from "./booking-limits";

export const BOOKING_MESSAGES = {
  selectAsset: "Please select an asset to book",
  selectDates: "Please select check-in and check-out dates",
  checkOutAfterCheckIn: "Check-out must be after check-in",
  tooLong: `Stays can be booked for up to ${MAX_NIGHTS} nights at a time. Please contact us for longer stays.`,
  guestName: "Guest name is required",
  guestNameLength: "Guest name must be less than 100 characters",
  guestEmail: "Please enter a valid email address",
  guestPhone: "Please enter a valid phone number",
  guests: "Number of guests must be at least 1",
  guestsMax: `At most ${MAX_GUESTS} guests can stay`,
} as const;

/** The portal's toast for the first problem with its form (spec: Select an asset, Select dates, Validation Error). */
export function portalIssueToast(issue: { path: readonly PropertyKey[]; message: string }) {
  if (issue.path[0] === "assetId") return { title: "Select an asset", description: issue.message };
  if (issue.message === BOOKING_MESSAGES.selectDates) return { title: "Select dates", description: issue.message };
  return { title: "Validation Error", description: issue.message };
}
