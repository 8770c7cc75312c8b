import { z } from "~/platform/zod";
import { recordId } from "~/features/back-office/form-fields";
import { BOOKING_MESSAGES } from "./booking-messages";
import { guestFields } from "./booking.schema";
import { BOOKING_STATUSES } from "./booking-options";
import { isCalendarDay, nightsBetween } from "./stay-dates";

/**
 * The back-office's booking dialog, in the browser and in the commands. Unlike the site's forms,
 * staff may record a stay in the past (a walk-in written down later), set any status and change
 * the total (a discount); the server still prices nothing it is not told, and the database's
 * exclusion constraint decides overlaps.
 */

/** The longest stay the dialog records (a season); the site's own limit is shorter. */
export const ADMIN_MAX_NIGHTS = 366;

export const ADMIN_BOOKING_MESSAGES = {
  /** The spec's words, for a missing location or asset alike. */
  locationAndAsset: "Please select both location and asset",
  checkIn: "Choose the check-in date",
  checkOut: "Choose the check-out date",
  checkOutAfterCheckIn: BOOKING_MESSAGES.checkOutAfterCheckIn,
  tooLong: `A booking can be at most ${ADMIN_MAX_NIGHTS} nights`,
  nights: "Nights must be at least 1",
  nightsMatchDates: (nights: number) => `Nights must match the dates: ${nights === 1 ? "1 night" : `${nights} nights`} from check-in to check-out`,
  guests: BOOKING_MESSAGES.guests,
  guestsMax: "At most 50 guests",
  total: "Total amount must be a number of dollars, 0 or more, with at most 2 decimals",
} as const;

const day = (missing: string) => z.string({ error: missing }).trim().min(1, missing).refine(isCalendarDay, missing);
const whole = (message: string, max: number, maxMessage: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, maxMessage));

const BookingFields = z.object({
  locationId: z.string({ error: ADMIN_BOOKING_MESSAGES.locationAndAsset }).trim().min(1, ADMIN_BOOKING_MESSAGES.locationAndAsset),
  assetId: z.string({ error: ADMIN_BOOKING_MESSAGES.locationAndAsset }).trim().min(1, ADMIN_BOOKING_MESSAGES.locationAndAsset),
  ...guestFields,
  numberOfGuests: whole(ADMIN_BOOKING_MESSAGES.guests, 50, ADMIN_BOOKING_MESSAGES.guestsMax),
  numberOfNights: whole(ADMIN_BOOKING_MESSAGES.nights, ADMIN_MAX_NIGHTS, ADMIN_BOOKING_MESSAGES.tooLong),
  totalAmount: z
    .string({ error: ADMIN_BOOKING_MESSAGES.total })
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, ADMIN_BOOKING_MESSAGES.total),
  status: z.enum(BOOKING_STATUSES, { error: "Choose a status" }).default("pending"),
  checkInDate: day(ADMIN_BOOKING_MESSAGES.checkIn),
  checkOutDate: day(ADMIN_BOOKING_MESSAGES.checkOut),
});

/** Nights are the dates' difference (the database checks it too); the dialog keeps the two in step. */
function datesAgree(value: { checkInDate: string; checkOutDate: string; numberOfNights: number }, ctx: z.RefinementCtx) {
  const nights = nightsBetween(value.checkInDate, value.checkOutDate);
  if (nights < 1) ctx.addIssue({ code: "custom", path: ["checkOutDate"], message: ADMIN_BOOKING_MESSAGES.checkOutAfterCheckIn });
  else if (nights > ADMIN_MAX_NIGHTS) ctx.addIssue({ code: "custom", path: ["checkOutDate"], message: ADMIN_BOOKING_MESSAGES.tooLong });
  // A number of nights already refused (0) is not said twice.
  else if (value.numberOfNights >= 1 && nights !== value.numberOfNights) ctx.addIssue({ code: "custom", path: ["numberOfNights"], message: ADMIN_BOOKING_MESSAGES.nightsMatchDates(nights) });
}

export const AddBookingSchema = BookingFields.superRefine(datesAgree);
export const EditBookingSchema = BookingFields.extend({ id: recordId("Choose a booking") }).superRefine(datesAgree);
export const DeleteBookingSchema = z.object({ id: recordId("Choose a booking") });

export type BookingFieldsInput = z.output<typeof AddBookingSchema>;
