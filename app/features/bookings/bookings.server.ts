import { eq } from "drizzle-orm";
import type { Actor } from "~/features/accounts/actor";
import { refuseWithoutContactEmail } from "~/features/accounts/contact-email.server";
import { refuseStaffAtCustomerDoor } from "~/features/accounts/customer-door";
import { retryOnDeadlock, SqlState, sqlStateOf } from "~/platform/db/errors";
import { assets, bookings } from "~/platform/db/schema";
import { enqueueMail, renderTemplate } from "~/platform/mail/index.server";
import { centsToNumeric, formatUsd } from "~/platform/money";
import { failed, failedAs, invalid, isFailure, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { hitRateLimit, type RateRule } from "~/platform/security/rate-limit.server";
import { findAssetForBooking, quoteStay } from "./availability.server";
import { stayCalendarAttachment } from "./booking-calendar.server";
import { bookingCode, newReference, referenceTaken } from "./booking-code";
import { BOOKING_HORIZON_DAYS } from "./booking-limits";
import { portalIssueToast } from "./booking-messages";
import { BookingRequestSchema } from "./booking.schema";
import {
  ASSET_NOT_AVAILABLE,
  AUTHENTICATION_REQUIRED,
  BOOKING_FAILED,
  CHECK_IN_IN_PAST,
  CHECK_IN_TOO_FAR,
  DATES_UNAVAILABLE,
  GENERIC_BOOKING_FAILURE,
  missingInformation,
  TOO_MANY_BOOKINGS,
  type BookingField,
} from "./messages";
import { addDays, todayIn } from "./stay-dates";
import { stayPath, stayToken } from "./stay-link.server";

const HOUR = 60 * 60 * 1000;

/** A guest booking e-mails whatever address was typed, so guests get a tighter limit than accounts. */
export const bookingLimits = {
  guestByAddress: { name: "booking:address", limit: 10, windowMs: HOUR },
  byAccount: { name: "booking:account", limit: 30, windowMs: HOUR },
} satisfies Record<string, RateRule>;

export type CreatedBooking = {
  id: string;
  /** The short code people read out ("STA-3F9A0C"). */
  code: string;
  checkInDate: string;
  checkOutDate: string;
  numberOfNights: number;
  totalCents: number;
  guestEmail: string;
  /** Booked by a signed-in customer: the request is in their profile. */
  forAccount: boolean;
};

type BookingDeps = Pick<Platform, "db" | "env" | "authSecret">;

/** Nights someone else holds: the spec's own title, whichever form asked. */
const datesUnavailable = () => failedAs(DATES_UNAVAILABLE.title, 409, DATES_UNAVAILABLE.description);

class RateLimited extends Error {}

/**
 * The one way a stay is booked (Customer Portal and Reserve Your Dates widget alike). It checks
 * who asks, validates with the shared schema (a problem is refused under the portal's title for
 * it: "Select dates"…), prices the stay itself and inserts it as pending
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
): Promise<Result<CreatedBooking>> {
  const visitor = refuseStaffAtCustomerDoor(actor, "booking");
  if (isFailure(visitor)) return visitor;
  // Bookings are matched and confirmed by e-mail: a phone or wallet account adds an address first.
  const noEmail = visitor.kind === "customer" && refuseWithoutContactEmail(visitor.email);
  if (noEmail) return noEmail;

  const parsed = BookingRequestSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues, portalIssueToast(parsed.error.issues[0]!).title);
  const request = parsed.data;

  const asset = await findAssetForBooking(deps.db, request.assetId, { checkIn: request.checkInDate, checkOut: request.checkOutDate });
  if (!asset || asset.status !== "available") return failed(400, ASSET_NOT_AVAILABLE);

  // Refused above the form, not under its date field: the field's own rules passed.
  const today = todayIn(asset.timeZone, now);
  if (request.checkInDate < today) return failed(400, CHECK_IN_IN_PAST);
  if (request.checkInDate > addDays(today, BOOKING_HORIZON_DAYS)) return failed(400, CHECK_IN_TOO_FAR);
  // Most clashes come from a calendar that went stale: refused here, before an e-mail is rendered
  // or the asset locked. Requests racing for the same nights all pass here, and the exclusion
  // constraint decides between them below.
  if (asset.nightsTaken) return datesUnavailable();

  const { nights, totalCents } = quoteStay(asset.pricePerNightCents, request.checkInDate, request.checkOutDate);
  // A signed-in customer books as themselves: the confirmation goes to the account's address.
  const guestEmail = visitor.kind === "customer" ? visitor.email : request.guestEmail;

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
      profileUrl: visitor.kind === "customer" ? `${deps.env.APP_URL}/sponsor-profile/bookings/${id}` : undefined,
    });

  const limit = visitor.kind === "customer" ? bookingLimits.byAccount : bookingLimits.guestByAddress;
  const limitSubject = visitor.kind === "customer" ? visitor.userId : meta.clientAddress;
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
          userId: visitor.kind === "customer" ? visitor.userId : null,
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
        const forAccount = visitor.kind === "customer";
        return { id, code: bookingCode(asset.locationName, reference), checkInDate: request.checkInDate, checkOutDate: request.checkOutDate, numberOfNights: nights, totalCents, guestEmail, forAccount };
      });
    }, { retryIf: referenceTaken });
    return succeeded(booking);
  } catch (error) {
    if (error instanceof RateLimited) return failed(429, TOO_MANY_BOOKINGS);
    if (sqlStateOf(error) === SqlState.exclusionViolation) return datesUnavailable();
    throw error;
  }
}

/** The fields the widget's request needs, each with how the Missing Information toast names it. */
const WIDGET_FIELDS = [
  ["assetId", "asset"],
  ["checkInDate", "checkIn"],
  ["checkOutDate", "checkIn"],
  ["guestName", "name"],
  ["guestEmail", "email"],
] as const satisfies readonly (readonly [string, BookingField])[];

/**
 * The Reserve Your Dates widget's request: for signed-in customers only (401 sends the visitor to
 * sign in), with what is missing named first (Missing Information), then the one booking command.
 * The widget titles every refusal Booking Failed, except the spec's own Dates Unavailable; a
 * failure nobody expected is answered in the same words, and logged.
 */
export async function reserveDates(
  deps: BookingDeps & Pick<Platform, "logger">,
  actor: Actor,
  input: Record<string, unknown>,
  meta: { clientAddress: string },
): Promise<Result<CreatedBooking>> {
  if (actor.kind === "anonymous") return failedAs(AUTHENTICATION_REQUIRED.title, 401, AUTHENTICATION_REQUIRED.description);
  const missing = WIDGET_FIELDS.filter(([field]) => typeof input[field] !== "string" || !input[field].trim()).map(([, name]) => name);
  if (missing.length > 0) {
    const { title, description = "" } = missingInformation([...new Set(missing)]);
    return failedAs(title, 400, description);
  }
  try {
    const outcome = await createBooking(deps, actor, input, meta);
    if (outcome.ok || outcome.title === DATES_UNAVAILABLE.title) return outcome;
    return failedAs(BOOKING_FAILED, outcome.status, outcome.message);
  } catch (error) {
    deps.logger.error({ err: error }, "booking request failed");
    return failedAs(BOOKING_FAILED, 500, GENERIC_BOOKING_FAILURE);
  }
}
