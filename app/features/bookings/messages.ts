import type { Toast } from "~/platform/toast";

/** The spec's texts for bookings, shared by the portal, the widget and the server. */
export const ASSET_NOT_AVAILABLE = "This asset is not available for booking. Please choose another one.";
export const CHECK_IN_IN_PAST = "Check-in can't be in the past. Please choose today or a later date.";
export const CHECK_IN_TOO_FAR = "Bookings open up to two years ahead. Please choose an earlier date.";
export const TOO_MANY_BOOKINGS = "Too many booking requests from here. Please wait a while and try again.";
export const GENERIC_BOOKING_FAILURE = "Something went wrong. Please try again.";

/** The titles of a refused request: the portal's, and the widget's (spec: Booking Failed). */
export const ERROR_CREATING_BOOKING = "Error creating booking";
export const BOOKING_FAILED = "Booking Failed";

/** The portal's confirmation: the spec's words, then where the request can be seen again (the profile, or for a guest the e-mail). */
export function portalBookingSubmitted(booking: { id: string; code: string; forAccount: boolean }): Toast {
  return {
    title: "Booking request submitted!",
    description: "We'll contact you shortly to confirm your booking.",
    variant: "success",
    ...(booking.forAccount
      ? { detail: `Your reference: ${booking.code}.`, link: { label: "See your request", href: `/sponsor-profile/bookings/${booking.id}` } }
      : { detail: `Your reference: ${booking.code}. The e-mail we sent you has the details and a link to see or cancel your request.` }),
  };
}

/** The widget's confirmation (spec: Reserve Your Dates). */
export const BOOKING_REQUEST_SUBMITTED = {
  title: "Booking Request Submitted!",
  description: "Check your email for the confirmation details. We'll contact you to confirm your stay.",
  variant: "success",
} as const;

/** The widget's toast for a missing field (spec: Missing Information). */
export const MISSING_INFORMATION = {
  title: "Missing Information",
  description: "Please fill in all required fields including location and asset.",
  variant: "error",
} as const;

/** What the booking needs, as the toast names it when it is missing. */
export const BOOKING_FIELD_NAMES = {
  location: "a location",
  asset: "what to book",
  checkIn: "a check-in date",
  name: "your name",
  email: "your email",
} as const;
export type BookingField = keyof typeof BOOKING_FIELD_NAMES;

/** The spec's Missing Information, saying what is missing ("Please add a check-in date."). */
export function missingInformation(missing: readonly BookingField[]): Toast {
  if (missing.length === 0) return MISSING_INFORMATION;
  const list = new Intl.ListFormat("en-US", { type: "conjunction" }).format(missing.map((field) => BOOKING_FIELD_NAMES[field]));
  return { ...MISSING_INFORMATION, description: `Please add ${list}.` };
}

export const DATES_UNAVAILABLE = {
  title: "Dates Unavailable",
  description: "These dates are already booked. Please select different dates.",
} as const;

/** What a guest is told once they cancelled their request (from their link or My Bookings), and when they could not. */
export const BOOKING_CANCELLED = { title: "Booking cancelled", description: "Your request is cancelled and the dates are free again.", variant: "success" } as const;
export const COULD_NOT_CANCEL = "Could not cancel";

/** What a guest's private link says when it no longer opens their request. */
export const STAY_LINK_NOT_VALID = "This link is not valid";
export const STAY_LINK_EXPIRED = "This link has expired";

/** The widget's answer to a visitor who is not signed in (spec: Reserve Your Dates). */
export const AUTHENTICATION_REQUIRED = { title: "Authentication Required", description: "Please log in to reserve your dates.", variant: "error" } as const;

/**
 * The back-office Bookings screen's failures, the spec's "Error [code]": its list that could not
 * be read (the message and any details; the screen stays up), and a refused delete.
 */
export const bookingsErrorTitle = (code: string) => `Error ${code}`;
export const bookingsListFailed = (error: { code: string; message: string; details?: string }) => ({ title: bookingsErrorTitle(error.code), description: [error.message, error.details].filter(Boolean).join("\n") });

/**
 * The back-office's one-click decisions on booking requests (Confirm, Decline, and Undo while
 * the guest's e-mail has not left): their toasts, by the number of rows decided.
 */
const stays = (count: number) => (count === 1 ? "booking" : "bookings");
export const BOOKING_DECISION_WORDS = {
  confirm: {
    title: (count: number) => (count === 1 ? "Booking confirmed" : `${count} bookings confirmed`),
    description: (done: readonly { label: string }[]) =>
      done.length === 1 ? `${done[0]!.label}. The guest is e-mailed the confirmation with a calendar file.` : "Each guest is e-mailed the confirmation with a calendar file.",
  },
  decline: {
    title: (count: number) => (count === 1 ? "Request declined" : `${count} requests declined`),
    description: (done: readonly { label: string }[]) =>
      done.length === 1 ? `${done[0]!.label}. Cancelled, the nights are free again, and the guest is e-mailed.` : "Cancelled, their nights are free again, and each guest is e-mailed.",
  },
  undo: {
    title: (count: number) => (count === 1 ? "Decision undone" : `${count} decisions undone`),
    description: (done: readonly { label: string }[]) =>
      done.length === 1 ? `${done[0]!.label} is pending again. The guest was not e-mailed.` : `The ${stays(done.length)} are pending again. No guest was e-mailed.`,
  },
} as const;

/** The toast titles of a decision that could not be made. */
export const BOOKING_DECISION_FAILURES = {
  confirm: "Booking not confirmed",
  decline: "Request not declined",
  "bulk-confirm": "Bookings not confirmed",
  "bulk-decline": "Requests not declined",
  undo: "Not undone",
} as const;

export const notPending = (label: string, status: string) => `${label} is no longer waiting for a decision: it is ${status.toLowerCase()} now.`;
export const tooLateToUndo = (label: string) => `${label}: too late to undo, the guest has been e-mailed. Change its status in Edit if you must.`;
export const changedSince = (label: string) => `${label} has changed since: the decision can no longer be undone. Change its status in Edit if you must.`;
