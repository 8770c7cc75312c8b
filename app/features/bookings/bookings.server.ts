import { eq } from "drizzle-orm";
import type { Actor } from "~/features/accounts/actor";
import { retryOnDeadlock, SqlState, sqlStateOf } from "~/platform/db/errors";
import { assets, bookings } from "~/platform/db/schema";
import { enqueueMail, renderTemplate } from "~/platform/mail/index.server";
import { centsToNumeric, formatUsd } from "~/platform/money";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit, type RateRule } from "~/platform/security/rate-limit.server";
import { findAssetForBooking, quoteStay } from "./availability.server";
import { stayCalendarAttachment } from "./booking-calendar.server";
import { bookingCode, newReference, referenceTaken } from "./booking-code";
import { BOOKING_HORIZON_DAYS } from "./booking-limits";
import { BookingRequestSchema } from "./booking.schema";
import { ADMIN_CANNOT_BOOK, ASSET_NOT_AVAILABLE, CHECK_IN_IN_PAST, CHECK_IN_TOO_FAR, DATES_UNAVAILABLE, TOO_MANY_BOOKINGS } from "./messages";
import { addDays, todayIn } from "./stay-dates";
import { stayPath, stayToken } from "./stay-link.server";

const HOUR = 60 * 60 * 1000;

/** A guest booking e-mails whatever address was typed, so guests get a tighter limit than accounts. */
export const bookingLimits = {
  guestByAddress: { name: "booking:address", limit: 10, windowMs: HOUR },
  byAccount: { name: "booking:account", limit: 30, windowMs: HOUR },
} satisfies Record<string, RateRule>;

export type BookingFailure =
  | { code: "invalid"; message: string; field?: string }
  | { code: "admin" | "unavailable" | "conflict" | "rate_limited"; message: string };

export type CreatedBooking = {
  id: string;
  /** The short code people read out ("STA-3F9A0C"). */
  code: string;
  checkInDate: string;
  checkOutDate: string;
  numberOfNights: number;
  totalCents: number;
  guestEmail: string;
};

export type BookingResult = { ok: true; booking: CreatedBooking } | { ok: false; error: BookingFailure };

type BookingDeps = Pick<Platform, "db" | "env" | "authSecret">;

const fail = (error: BookingFailure): BookingResult => ({ ok: false, error });

class RateLimited extends Error {}

/**
 * The one way a stay is booked (Customer Portal and Reserve Your Dates widget alike). It checks
 * who asks, validates with the shared schema, prices the stay itself and inserts it as pending
 * with its confirmation e-mail in one transaction. Overlaps are decided by the database's
 * exclusion constraint, so two requests racing for the same nights can't both win.
 */
export async function createBooking(
  deps: BookingDeps,
  actor: Actor,
  /** The form's fields as sent; parsed here with the shared schema. */
  input: Record<string, unknown>,
  meta: { clientAddress: string },
  now = new Date(),
): Promise<BookingResult> {
  if (actor.kind === "staff") return fail({ code: "admin", message: ADMIN_CANNOT_BOOK });

  const parsed = BookingRequestSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail({ code: "invalid", message: issue.message, field: String(issue.path[0] ?? "") });
  }
  const request = parsed.data;

  const asset = await findAssetForBooking(deps.db, request.assetId, { checkIn: request.checkInDate, checkOut: request.checkOutDate });
  if (!asset || asset.status !== "available") return fail({ code: "unavailable", message: ASSET_NOT_AVAILABLE });

  const today = todayIn(asset.timeZone, now);
  if (request.checkInDate < today) return fail({ code: "invalid", message: CHECK_IN_IN_PAST, field: "checkInDate" });
  if (request.checkInDate > addDays(today, BOOKING_HORIZON_DAYS)) return fail({ code: "invalid", message: CHECK_IN_TOO_FAR, field: "checkInDate" });
  // Most clashes come from a calendar that went stale: refused here, before an e-mail is rendered
  // or the asset locked. Requests racing for the same nights all pass here, and the exclusion
  // constraint decides between them below.
  if (asset.nightsTaken) return fail({ code: "conflict", message: DATES_UNAVAILABLE.description });

  const { nights, totalCents } = quoteStay(asset.pricePerNightCents, request.checkInDate, request.checkOutDate);
  // A signed-in customer books as themselves: the confirmation goes to the account's address.
  const guestEmail = actor.kind === "customer" ? actor.email : request.guestEmail;

  const id = crypto.randomUUID();
  const manageUrl = `${deps.env.APP_URL}${stayPath(stayToken(id, request.checkOutDate, deps.authSecret))}`;
  const calendar = stayCalendarAttachment({
    bookingId: id,
    assetName: asset.name,
    location: asset.locationName,
    checkInDate: request.checkInDate,
    checkOutDate: request.checkOutDate,
    manageUrl,
  });
  // The e-mail is rendered before the transaction opens, so the rows that decide races are
  // locked only for the few statements that write them.
  const confirmationFor = (reference: string) =>
    renderTemplate("booking-confirmation", {
      bookingId: id,
      reference: bookingCode(asset.locationName, reference),
      assetName: asset.name,
      guestName: request.guestName,
      guestEmail,
      checkInDate: request.checkInDate,
      checkOutDate: request.checkOutDate,
      numberOfGuests: request.numberOfGuests,
      numberOfNights: nights,
      location: asset.locationName,
      totalAmount: formatUsd(totalCents),
      manageUrl,
      profileUrl: actor.kind === "customer" ? `${deps.env.APP_URL}/sponsor-profile/bookings/${id}` : undefined,
    });

  const limit = actor.kind === "customer" ? bookingLimits.byAccount : bookingLimits.guestByAddress;
  const limitSubject = actor.kind === "customer" ? actor.userId : meta.clientAddress;
  try {
    const booking = await retryOnDeadlock(async () => {
      // A new reference each attempt: the one drawn may have been taken meanwhile.
      const reference = newReference();
      const confirmation = await confirmationFor(reference);
      return deps.db.transaction(async (tx) => {
        // Counted with the booking itself: one commit per request.
        const decision = await hitRateLimit(tx, limit, limitSubject);
        if (!decision.allowed) throw new RateLimited();
        // One booking of this asset at a time: without it, two overlapping inserts each wait on
        // the other's row in the exclusion check and the database aborts one as a deadlock.
        await tx.select({ id: assets.id }).from(assets).where(eq(assets.id, asset.id)).for("no key update");
        await tx.insert(bookings).values({
          id,
          assetId: asset.id,
          userId: actor.kind === "customer" ? actor.userId : null,
          location: asset.locationName,
          guestName: request.guestName,
          guestEmail,
          guestPhone: request.guestPhone,
          checkInDate: request.checkInDate,
          checkOutDate: request.checkOutDate,
          numberOfGuests: request.numberOfGuests,
          numberOfNights: nights,
          totalAmount: centsToNumeric(totalCents),
          experienceType: asset.type,
          status: "pending",
          reference,
        });
        await enqueueMail(tx, {
          template: "booking-confirmation",
          to: guestEmail,
          idempotencyKey: `booking-confirmation:${id}`,
          attachments: [calendar],
          ...confirmation,
        });
        return { id, code: bookingCode(asset.locationName, reference), checkInDate: request.checkInDate, checkOutDate: request.checkOutDate, numberOfNights: nights, totalCents, guestEmail };
      });
    }, { retryIf: referenceTaken });
    return { ok: true, booking };
  } catch (error) {
    if (error instanceof RateLimited) return fail({ code: "rate_limited", message: TOO_MANY_BOOKINGS });
    if (sqlStateOf(error) === SqlState.exclusionViolation) return fail({ code: "conflict", message: DATES_UNAVAILABLE.description });
    throw error;
  }
}
