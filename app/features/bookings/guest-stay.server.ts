import { eq, type SQL } from "drizzle-orm";
import type { Queryable } from "~/platform/db/client.server";
import { assets, bookings } from "~/platform/db/schema";
import { toCents } from "~/platform/money";
import type { Platform } from "~/platform/runtime.server";
import { bookingCode } from "./booking-code";
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

export type GuestStayLookup = { ok: true; stay: GuestStay } | { ok: false; reason: "invalid" | "expired" };

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

/** The request behind a guest's private link (no account needed: the signed link is the key). */
export async function findGuestStay(deps: Deps, token: string): Promise<GuestStayLookup> {
  const check = readStayToken(token, deps.authSecret);
  if (!check.ok) return check;
  const stay = await findStay(deps.db, eq(bookings.id, check.bookingId));
  return stay ? { ok: true, stay } : { ok: false, reason: "invalid" };
}
