import { eq, type SQL } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { assets, bookings } from "~/platform/db/schema";
import { toCents } from "~/platform/money";
import { failed, succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { bookingCode } from "./booking-code";
import { STAY_LINK_NOT_VALID } from "./messages";
import { readStayToken } from "./stay-link.server";

type Deps = Pick<Platform, "db" | "authSecret">;

export type GuestStay = {
  id: string;
  /** The short code people read out ("STA-3F9A0C"). */
  code: string;
  assetName: string;
  location: string;
  experienceType: string;
  guestName: string;
  guestEmail: string;
  checkInDate: string;
  checkOutDate: string;
  numberOfNights: number;
  numberOfGuests: number;
  totalCents: number;
  status: "pending" | "confirmed" | "cancelled";
};

/** One booking with what its guest may see of it, or undefined. */
export async function findStay(db: Queryable, which: SQL): Promise<GuestStay | undefined> {
  const [row] = await db
    .select({
      id: bookings.id,
      assetName: assets.name,
      location: bookings.location,
      experienceType: bookings.experienceType,
      guestName: bookings.guestName,
      guestEmail: bookings.guestEmail,
      checkInDate: bookings.checkInDate,
      checkOutDate: bookings.checkOutDate,
      numberOfNights: bookings.numberOfNights,
      numberOfGuests: bookings.numberOfGuests,
      totalAmount: bookings.totalAmount,
      status: bookings.status,
      reference: bookings.reference,
    })
    .from(bookings)
    .innerJoin(assets, eq(assets.id, bookings.assetId))
    .where(which);
  if (!row) return undefined;
  const { totalAmount, reference, ...stay } = row;
  return { ...stay, code: bookingCode(row.location, reference), totalCents: toCents(totalAmount) };
}

/** The request behind a guest's private link (no account needed: the signed link is the key); an expired link is Gone. */
export async function findGuestStay(deps: Deps, token: string): Promise<Result<GuestStay>> {
  const check = readStayToken(token, deps.authSecret);
  if (!check.ok) return check;
  const stay = await findStay(deps.db, eq(bookings.id, check.value.bookingId));
  return stay ? succeeded(stay) : failed(404, STAY_LINK_NOT_VALID);
}
