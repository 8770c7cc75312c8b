import { z } from "~/platform/zod";
import { controlCharacterMessage, PLAIN_TEXT } from "~/platform/plain-text";
import { MAX_GUESTS, MAX_NIGHTS } from "./booking-limits";
import { isCalendarDay, nightsBetween } from "./stay-dates";
import { BOOKING_MESSAGES } from "./booking-messages";


const day = z
  .string({ message: BOOKING_MESSAGES.selectDates })
  .trim()
  .min(1, BOOKING_MESSAGES.selectDates)
  .refine(isCalendarDay, BOOKING_MESSAGES.selectDates);

/** Who the stay is for: the same rules on the site's forms and in the back-office's dialog. */
export const guestFields = {
  guestName: z.string({ message: BOOKING_MESSAGES.guestName }).trim().min(1, BOOKING_MESSAGES.guestName).max(100, BOOKING_MESSAGES.guestNameLength).regex(PLAIN_TEXT, controlCharacterMessage("Guest name")),
  guestEmail: z.string({ message: BOOKING_MESSAGES.guestEmail }).trim().toLowerCase().pipe(z.email({ message: BOOKING_MESSAGES.guestEmail }).max(255)),
  guestPhone: z
    .string()
    .trim()
    .max(40, BOOKING_MESSAGES.guestPhone)
    .regex(/^[0-9+()\-.\s]*$/, BOOKING_MESSAGES.guestPhone)
    .optional()
    .transform((v) => (v ? v : null)),
};

/**
 * One booking request, as both booking forms send it (the portal's details form and the
 * Reserve Your Dates widget). The server decides price, nights, total and availability.
 */
export const BookingRequestSchema = z
  .object({
    assetId: z.uuid({ message: BOOKING_MESSAGES.selectAsset }),
    checkInDate: day,
    checkOutDate: day,
    ...guestFields,
    numberOfGuests: z.coerce
      .number({ message: BOOKING_MESSAGES.guests })
      .int(BOOKING_MESSAGES.guests)
      .min(1, BOOKING_MESSAGES.guests)
      .max(MAX_GUESTS, BOOKING_MESSAGES.guestsMax)
      .default(2),
  })
  .superRefine((value, ctx) => {
    const nights = nightsBetween(value.checkInDate, value.checkOutDate);
    if (nights < 1) ctx.addIssue({ code: "custom", path: ["checkOutDate"], message: BOOKING_MESSAGES.checkOutAfterCheckIn });
    else if (nights > MAX_NIGHTS) ctx.addIssue({ code: "custom", path: ["checkOutDate"], message: BOOKING_MESSAGES.tooLong });
  });

export type BookingRequestInput = z.input<typeof BookingRequestSchema>;
export type BookingRequest = z.output<typeof BookingRequestSchema>;
