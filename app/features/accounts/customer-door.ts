import { failed, type Refusal } from "~/platform/result";
import type { Actor, StaffActor } from "./actor";
import { ADMIN_REFUSED_MESSAGE } from "./messages";

/**
 * What staff are told at a customer function, in the spec's words: the portal's two tabs say
 * what was asked for, everywhere else the general refusal.
 */
export const STAFF_AT_CUSTOMER_DOOR = {
  booking: "Admin accounts cannot make bookings. Please log in with a customer account.",
  adoption: "Admin accounts cannot adopt hives. Please log in with a customer account.",
  account: ADMIN_REFUSED_MESSAGE,
} as const;

export type CustomerFunction = keyof typeof STAFF_AT_CUSTOMER_DOOR;

/**
 * Staff are barred from customer functions (booking, adopting, the sponsor's own account): a
 * back-office account must not become a sponsor by accident, and what it did would be its
 * sponsor's. Every such command asks here first, so the refusal is one status (403) and the
 * spec's words wherever it is met. Returns the actor, no longer staff, or the refusal.
 */
export function refuseStaffAtCustomerDoor<A extends Actor>(actor: A, asked: CustomerFunction): Exclude<A, StaffActor> | Refusal {
  return actor.kind === "staff" ? failed(403, STAFF_AT_CUSTOMER_DOOR[asked]) : (actor as Exclude<A, StaffActor>);
}
