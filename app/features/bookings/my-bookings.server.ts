import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Actor } from "~/features/accounts/actor";
import { verifiedEmailOf } from "~/features/accounts/verified-email";
import type { Queryable } from "~/platform/db/client.server";
import { assets, bookings } from "~/platform/db/schema";
import type { BookingStatus } from "~/platform/db/schema/enums";
import { toCents } from "~/platform/money";
import { isRecordId } from "../back-office/record-id";
import { findStay, type GuestStay } from "./guest-stay.server";

export type MyBooking = {
  id: string;
  assetName: string;
  experienceType: "rv" | "rental" | "rv_glamping";
  status: BookingStatus;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  totalCents: number;
};

/** The bookings that are the customer's (see listMyBookings): the same rule lists, shows and cancels them. */
export function ownedBy(actor: Extract<Actor, { kind: "customer" }>) {
  const email = verifiedEmailOf(actor);
  return email ? or(eq(bookings.userId, actor.userId), sql`lower(${bookings.guestEmail}) = lower(${email})`)! : eq(bookings.userId, actor.userId);
}

/**
 * The customer's own bookings: those made while signed in, and those made as a guest under
 * their e-mail address once that address is verified (anyone can type an address into the
 * guest form). Newest first; one query, so a booking matched both ways appears once.
 */
export async function listMyBookings(db: Queryable, actor: Actor): Promise<MyBooking[]> {
  if (actor.kind !== "customer") return [];
  const mine = ownedBy(actor);
  const rows = await db
    .select({
      id: bookings.id,
      assetName: assets.name,
      experienceType: bookings.experienceType,
      status: bookings.status,
      checkInDate: bookings.checkInDate,
      checkOutDate: bookings.checkOutDate,
      numberOfGuests: bookings.numberOfGuests,
      totalAmount: bookings.totalAmount,
    })
    .from(bookings)
    .innerJoin(assets, eq(assets.id, bookings.assetId))
    .where(mine)
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map(({ totalAmount, ...row }) => ({ ...row, totalCents: toCents(totalAmount) }));
}

/** One of the customer's own bookings (the rule of listMyBookings), or undefined: someone else's is simply not found. */
export async function findMyBooking(db: Queryable, actor: Actor, bookingId: string): Promise<GuestStay | undefined> {
  if (actor.kind !== "customer" || !isRecordId(bookingId)) return undefined;
  return findStay(db, and(eq(bookings.id, bookingId), ownedBy(actor))!);
}
