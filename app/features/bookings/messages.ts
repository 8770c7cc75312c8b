/** The spec's texts for bookings, shared by the portal, the widget and the server. */
export const ADMIN_CANNOT_BOOK = "Admin accounts cannot make bookings. Please log in with a customer account.";
export const ASSET_NOT_AVAILABLE = "This asset is not available for booking. Please choose another one.";
export const CHECK_IN_IN_PAST = "Check-in can't be in the past. Please choose today or a later date.";
export const CHECK_IN_TOO_FAR = "Bookings open up to two years ahead. Please choose an earlier date.";
export const TOO_MANY_BOOKINGS = "Too many booking requests from here. Please wait a while and try again.";
export const GENERIC_BOOKING_FAILURE = "Something went wrong. Please try again.";

/** The widget's toast for a missing field (spec: Missing Information). */
export const MISSING_INFORMATION = {
  title: "Missing Information",
  description: "Please fill in all required fields including location and asset.",
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
export function missingInformation(missing: readonly BookingField[]) {
  if (missing.length === 0) return MISSING_INFORMATION;
  const list = new Intl.ListFormat("en-US", { type: "conjunction" }).format(missing.map((field) => BOOKING_FIELD_NAMES[field]));
  return { title: MISSING_INFORMATION.title, description: `Please add ${list}.` };
}

export const DATES_UNAVAILABLE = {
  title: "Dates Unavailable",
  description: "These dates are already booked. Please select different dates.",
} as const;

/** What a guest is told once they cancelled their request (from their link or My Bookings), and when they could not. */
export const BOOKING_CANCELLED = { title: "Booking cancelled", description: "Your request is cancelled and the dates are free again.", variant: "success" } as const;
export const COULD_NOT_CANCEL = "Could not cancel";

/** The widget's answer to a visitor who is not signed in (spec: Reserve Your Dates). */
export const AUTHENTICATION_REQUIRED = { title: "Authentication Required", description: "Please log in to reserve your dates.", variant: "error" } as const;

/**
 * The back-office Bookings screen's failures, the spec's "Error [code]": its list that could not
 * be read (the message and any details; the screen stays up), and a refused delete.
 */
export const bookingsErrorTitle = (code: string) => `Error ${code}`;
export const bookingsListFailed = (error: { code: string; message: string; details?: string }) => ({ title: bookingsErrorTitle(error.code), description: [error.message, error.details].filter(Boolean).join("\n") });
