import { and, eq, type SQL } from "drizzle-orm";
import type { Actor } from "~/features/accounts/actor";
import { recordChange } from "~/features/accounts/audit.server";
import { bookings } from "~/platform/db/schema";
import { enqueueMail, renderTemplate } from "~/platform/mail/index.server";
import { formatUsd } from "~/platform/money";
import { failed, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { bookingCalendarAttachment } from "./booking-calendar.server";
import { findStay } from "./guest-stay.server";
import { ownedBy } from "./my-bookings.server";
import { readStayToken } from "./stay-link.server";

type Deps = Pick<Platform, "db" | "env" | "authSecret">;

export const CANNOT_CANCEL = "This request can no longer be cancelled online. Please contact us and we'll help.";
export const BOOKING_NOT_FOUND = "We couldn't find that booking.";

/**
 * A guest cancels their own request from the private link in their e-mail (no account needed:
 * the signed link is the key).
 */
export async function cancelFromLink(deps: Deps, token: string, meta: { clientAddress: string }): Promise<Result> {
  const check = readStayToken(token, deps.authSecret);
  if (!check.ok) return failed(404, "This link is not valid.");
  return cancelPending(deps, { kind: "anonymous" }, eq(bookings.id, check.value.bookingId), "link", meta);
}

/** A signed-in customer cancels one of their own requests (My Bookings). */
export async function cancelMyBooking(deps: Deps, actor: Actor, bookingId: string, meta: { clientAddress: string }): Promise<Result> {
  if (actor.kind !== "customer") return failed(404, BOOKING_NOT_FOUND);
  return cancelPending(deps, actor, and(eq(bookings.id, bookingId), ownedBy(actor))!, "account", meta);
}

/**
 * Cancels a request while it is still pending: its nights are free for others at once (the
 * overlap constraint ignores cancelled stays). The guest gets the cancellation with a calendar
 * file that removes the event (METHOD:CANCEL, the same UID as their first file), and the
 * organisation's mailbox a notice, both with the change in one transaction. A confirmed stay is
 * changed with the team.
 */
async function cancelPending(deps: Deps, actor: Actor, which: SQL, from: "account" | "link", meta: { clientAddress: string }): Promise<Result> {
  const stay = await findStay(deps.db, which);
  if (!stay) return failed(404, BOOKING_NOT_FOUND);
  if (stay.status !== "pending") return failed(409, CANNOT_CANCEL);

  const { id, code, totalCents, status: _, ...facts } = stay;
  const details = { ...facts, bookingId: id, reference: code, totalAmount: formatUsd(totalCents) };
  const toGuest = await renderTemplate("booking-update", { ...details, status: "cancelled", isUpdate: true });
  const calendar = bookingCalendarAttachment({ bookingId: id, assetName: stay.assetName, location: stay.location, checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, status: "cancelled" });
  const notice = await renderTemplate("booking-cancelled-notice", { ...details, from, bookingsUrl: `${deps.env.APP_URL}/admin/bookings` });

  return deps.db.transaction(async (tx) => {
    // Pending still: the team may have confirmed it since it was read.
    const cancelled = await tx
      .update(bookings)
      .set({ status: "cancelled" })
      .where(and(eq(bookings.id, id), eq(bookings.status, "pending")))
      .returning({ id: bookings.id });
    if (cancelled.length === 0) return failed(409, CANNOT_CANCEL);
    await enqueueMail(tx, { template: "booking-update", to: stay.guestEmail, idempotencyKey: `booking-cancelled:${id}`, attachments: [calendar], ...toGuest });
    await enqueueMail(tx, { template: "booking-cancelled-notice", to: deps.env.CONTACT_TO, idempotencyKey: `booking-cancelled-notice:${id}`, ...notice });
    await recordChange(tx, actor, { module: "bookings", action: "update", recordId: id, before: { status: "pending" }, after: { status: "cancelled" }, details: { by: from === "account" ? "customer" : "guest link" } }, meta);
    return succeeded(null);
  });
}
