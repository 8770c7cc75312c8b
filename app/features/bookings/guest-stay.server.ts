import { and, eq } from "drizzle-orm";
import { assets, bookings } from "~/platform/db/schema";
import { toCents } from "~/platform/money";
import type { Platform } from "~/platform/runtime.server";
import { readStayToken } from "./stay-link.server";

type Deps = Pick<Platform, "db" | "authSecret">;

export type GuestStay = {
  id: string;
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

/** The request behind a guest's private link (no account needed: the signed link is the key). */
export async function findGuestStay(deps: Deps, token: string): Promise<GuestStayLookup> {
  const check = readStayToken(token, deps.authSecret);
  if (!check.ok) return check;
  const [row] = await deps.db
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
    })
    .from(bookings)
    .innerJoin(assets, eq(assets.id, bookings.assetId))
    .where(eq(bookings.id, check.bookingId));
  if (!row) return { ok: false, reason: "invalid" };
  const { totalAmount, ...stay } = row;
  return { ok: true, stay: { ...stay, totalCents: toCents(totalAmount) } };
}

export const CANNOT_CANCEL = "This request can no longer be cancelled online. Please contact us and we'll help.";

/**
 * Cancels the request while it is still pending; its nights are free for others at once
 * (the overlap constraint ignores cancelled stays). A confirmed stay is changed with the team.
 */
export async function cancelGuestStay(deps: Deps, token: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const check = readStayToken(token, deps.authSecret);
  if (!check.ok) return { ok: false, message: "This link is not valid." };
  const cancelled = await deps.db
    .update(bookings)
    .set({ status: "cancelled" })
    .where(and(eq(bookings.id, check.bookingId), eq(bookings.status, "pending")))
    .returning({ id: bookings.id });
  return cancelled.length === 1 ? { ok: true } : { ok: false, message: CANNOT_CANCEL };
}
