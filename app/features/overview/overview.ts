import type { Actor } from "~/features/accounts/actor";
import { can } from "~/features/accounts/permissions";

/**
 * The day's overview at the top of the first back-office screen a person lands on (Bookings for
 * whoever may view it): its figures' shapes, who sees which part, and the tables they come from.
 */

/** The post that folds the overview away or opens it again. */
export const OVERVIEW_INTENT = "overview";

/** Occupancy looks this many nights ahead, today's included. */
export const OCCUPANCY_NIGHTS = 30;

/** One location's day, in its own time zone: who comes and goes today, and how full the next 30 nights are. */
export type LocationDay = {
  id: string;
  name: string;
  /** The location's own today (`yyyy-MM-dd`). */
  today: string;
  arrivals: number;
  departures: number;
  /** Nights of the next 30 on its assets in service (not marked unavailable): all of them, and those held. */
  nights: number;
  nightsHeld: number;
};

export type WaitingRequest = { id: string; guestName: string; location: string; checkInDate: string; waitingHours: number };

/**
 * What needs attention today, in parts: each part is there only for staff whose role may view its
 * module (the stays part for Bookings; the adoptions and the month's payments for Hive Adoptions;
 * the hives due an update for Hives), null otherwise.
 */
export type DayOverview = {
  /** The back-office's own day (its time zone), the one the month's payments count in. */
  today: string;
  stays: { locations: LocationDay[]; pending: number; oldest: WaitingRequest[] } | null;
  adoptions: { awaitingPayment: number; awaitingActivation: number; oldestWaitingHours: number | null } | null;
  payments: { count: number; totalCents: number; monthStart: string } | null;
  hives: { due: number } | null;
};

/** The parts of the overview this person may see (none for a customer, or before the first-login change). */
export function overviewParts(actor: Actor) {
  return { stays: can(actor, "bookings", "view"), adoptions: can(actor, "hive_adoptions", "view"), hives: can(actor, "hives", "view") };
}

/** Whether the overview has anything for this person. */
export const seesOverview = (actor: Actor) => Object.values(overviewParts(actor)).some(Boolean);

/** Tables whose changes move a part's figures: the page revalidates when one of them changes. */
export const OVERVIEW_TABLES = {
  stays: ["bookings", "assets", "locations", "asset_blocks"],
  adoptions: ["hive_adoptions", "payment_history"],
  hives: ["hives", "hive_updates", "hive_adoptions"],
} as const satisfies Record<keyof ReturnType<typeof overviewParts>, readonly string[]>;

/** The menu's counts of requests waiting, by screen id, and the table each is counted from. */
export const PENDING_COUNT_TABLES: Readonly<Record<string, string>> = { bookings: "bookings", "hive-adoptions": "hive_adoptions" };
