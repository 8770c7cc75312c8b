import { eq, exists, gt, gte, sql, type SQL } from "drizzle-orm";
import { BACK_OFFICE_TIME_ZONE } from "~/features/back-office/format";
import { todayIn } from "~/features/bookings/stay-dates";
import { hiveAdoptions, paymentHistory } from "~/platform/db/schema";
import type { AdoptionPaymentFilter } from "./payment-filter";

/** The first day of the month `now` is in, in the back-office's time zone (the month's payments count from it). */
export const monthStartOf = (now: Date) => `${todayIn(BACK_OFFICE_TIME_ZONE, now).slice(0, 8)}01`;

/** A payment counts in the month by its payment date (recorded in advance is refused; late, it belongs to its own month). */
export const paidInMonthOf = (now: Date): SQL => gte(paymentHistory.paymentDate, monthStartOf(now));

/** The adoptions each payment filter selects: Hive Adoptions' list and the day's overview count the same ones. */
export function adoptionPaymentIs(filter: AdoptionPaymentFilter, now: Date): SQL {
  if (filter === "none") return eq(hiveAdoptions.totalPaid, "0");
  if (filter === "recorded") return gt(hiveAdoptions.totalPaid, "0");
  return exists(sql`(select 1 from ${paymentHistory} where ${paymentHistory.adoptionId} = ${hiveAdoptions.id} and ${paidInMonthOf(now)})`);
}
