import type * as Ics from "ics";
import { lazyRequire } from "~/platform/lazy-require.server";
import { attachment } from "~/platform/mail/index.server";

const ics = lazyRequire<typeof Ics>("ics");

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
  const { error, value } = ics().createEvent({
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

/** Seconds since 2024: grows with every change, as iCalendar's SEQUENCE must for a calendar to take the newer copy. */
const sequenceAt = (now: Date) => Math.max(1, Math.floor((now.getTime() - Date.UTC(2024, 0, 1)) / 1000));

/**
 * The stay's calendar event as it now is: the same UID as the guest's first file, so their
 * calendar moves the event (or, with METHOD:CANCEL, removes it) instead of adding another.
 */
export function stayCalendarText(stay: Omit<CalendarStay, "manageUrl"> & { manageUrl?: string; status: "pending" | "confirmed" | "cancelled" }, now = new Date()) {
  const cancelled = stay.status === "cancelled";
  const { error, value } = ics().createEvent({
    uid: `booking-${stay.bookingId}@apiary`,
    productId: "apiary/bookings",
    method: cancelled ? "CANCEL" : "PUBLISH",
    sequence: sequenceAt(now),
    title: `Stay at ${stay.location}: ${stay.assetName}${stay.status === "pending" ? " (request)" : ""}`,
    description: cancelled ? `Your booking at ${stay.location} is cancelled.` : `Your stay at ${stay.location}.${stay.manageUrl ? `\nSee your booking: ${stay.manageUrl}` : ""}`,
    location: stay.location,
    start: parts(stay.checkInDate),
    end: parts(stay.checkOutDate),
    status: cancelled ? "CANCELLED" : stay.status === "confirmed" ? "CONFIRMED" : "TENTATIVE",
    busyStatus: cancelled ? "FREE" : "BUSY",
    ...(stay.manageUrl && !cancelled ? { url: stay.manageUrl } : {}),
  });
  if (error || !value) throw error ?? new Error("Could not create the calendar event");
  return value;
}

/** The same, as an e-mail attachment: after staff recorded or changed the stay, or the guest cancelled it. */
export function bookingCalendarAttachment(...args: Parameters<typeof stayCalendarText>) {
  return attachment("stay.ics", stayCalendarText(...args), "text/calendar");
}

/** The stay's calendar file as a download (private: it names the guest's stay). */
export function stayCalendarResponse(stay: { id: string; assetName: string; location: string; checkInDate: string; checkOutDate: string; status: "pending" | "confirmed" | "cancelled" }, manageUrl: string) {
  const text = stayCalendarText({ bookingId: stay.id, assetName: stay.assetName, location: stay.location, checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, status: stay.status, manageUrl });
  return new Response(text, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="stay.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
