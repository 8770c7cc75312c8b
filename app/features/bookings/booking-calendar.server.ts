import { createEvent } from "ics";
import { attachment } from "~/platform/mail/index.server";

type CalendarStay = {
  bookingId: string;
  assetName: string;
  location: string;
  checkInDate: string;
  checkOutDate: string;
  manageUrl: string;
};

const parts = (day: string) => day.split("-").map(Number) as [number, number, number];

/**
 * The stay as an all-day calendar event: DTEND is the check-out date itself (exclusive in
 * iCalendar), so calendars show exactly the nights booked. Tentative until the team confirms.
 */
export function stayCalendarAttachment(stay: CalendarStay) {
  const { error, value } = createEvent({
    uid: `booking-${stay.bookingId}@apiary`,
    productId: "apiary/bookings",
    title: `Stay at ${stay.location}: ${stay.assetName} (request)`,
    description: `Your booking request at ${stay.location}. We will contact you to confirm it.\nSee or cancel your request: ${stay.manageUrl}`,
    location: stay.location,
    start: parts(stay.checkInDate),
    end: parts(stay.checkOutDate),
    status: "TENTATIVE",
    busyStatus: "BUSY",
    url: stay.manageUrl,
  });
  if (error || !value) throw error ?? new Error("Could not create the calendar event");
  return attachment("stay.ics", value, "text/calendar");
}
