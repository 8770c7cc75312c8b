/** Limits of one booking request, shared by the forms and the server's schema. */
export const MAX_GUESTS = 4;
/** Longest stay one request may ask for; longer stays are arranged with the team. */
export const MAX_NIGHTS = 30;
/** How far ahead a stay may start, in days from the property's today. */
export const BOOKING_HORIZON_DAYS = 730;
