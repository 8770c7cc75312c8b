import { eq, sql } from "drizzle-orm";
import { anonymous } from "~/features/accounts/actor";
import { recordChange } from "~/features/accounts/audit.server";
import { BACK_OFFICE_TIME_ZONE } from "~/features/back-office/format";
import { addDays, todayIn } from "~/features/bookings/stay-dates";
import { hiveAdoptions } from "~/platform/db/schema";
import { IntervalWorker } from "~/platform/interval-worker.server";
import type { Platform } from "~/platform/runtime.server";
import { followActiveAdoption, tellSponsor } from "./adoption-effects.server";
import { holdsPlaceIn } from "./tier-places.server";

type Deps = Pick<Platform, "db" | "env" | "logger">;

/** How long before its end date a sponsor is reminded to renew. */
export const RENEWAL_NOTICE_DAYS = 30;

const returned = {
  id: hiveAdoptions.id,
  userId: hiveAdoptions.userId,
  email: hiveAdoptions.email,
  tierId: hiveAdoptions.tierId,
  status: hiveAdoptions.status,
  paymentFrequency: hiveAdoptions.paymentFrequency,
  hiveName: hiveAdoptions.hiveName,
  startDate: hiveAdoptions.startDate,
  endDate: hiveAdoptions.endDate,
};

/**
 * Expires one adoption still holding its place (pending or active) whose end date has passed (in the organisation's time
 * zone), with its e-mail, audit row and the sponsor's tier, in one transaction. The row is
 * claimed with SKIP LOCKED: servers sharing the database each take a different one, and a row
 * being edited by staff is taken at the next round.
 */
async function expireOne(deps: Deps, today: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [adoption] = await tx
      .update(hiveAdoptions)
      .set({ status: "expired", updatedAt: new Date() })
      .where(
        eq(
          hiveAdoptions.id,
          sql`(select id from hive_adoptions where ${holdsPlaceIn("hive_adoptions")} and end_date is not null and end_date < ${today}::date order by end_date limit 1 for update skip locked)`,
        ),
      )
      .returning(returned);
    if (!adoption) return false;
    await recordChange(tx, anonymous, { module: "hive_adoptions", action: "update", recordId: adoption.id, after: { status: "expired" }, details: { label: `${adoption.email}, ended ${adoption.endDate}`, by: "schedule" } }, {});
    await followActiveAdoption(tx, adoption);
    await tellSponsor(tx, deps, adoption, "expired");
    return true;
  });
}

/** Reminds one sponsor whose active adoption ends within the notice period, once per end date. */
async function remindOne(deps: Deps, today: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [adoption] = await tx
      .update(hiveAdoptions)
      .set({ renewalReminderSentAt: new Date() })
      .where(
        eq(
          hiveAdoptions.id,
          sql`(select id from hive_adoptions where status = 'active' and renewal_reminder_sent_at is null and end_date is not null and end_date >= ${today}::date and end_date <= ${addDays(today, RENEWAL_NOTICE_DAYS)}::date order by end_date limit 1 for update skip locked)`,
        ),
      )
      .returning(returned);
    if (!adoption) return false;
    await tellSponsor(tx, deps, adoption, "renewal-due");
    return true;
  });
}

/**
 * One round of the sponsorship schedule: every overdue adoption expired, then every reminder due
 * sent. Run at start as well as on the timer, so a server that was down catches up.
 */
export async function runAdoptionSchedule(deps: Deps, now = new Date()) {
  const today = todayIn(BACK_OFFICE_TIME_ZONE, now);
  let expired = 0;
  let reminded = 0;
  while (await expireOne(deps, today)) expired += 1;
  while (await remindOne(deps, today)) reminded += 1;
  if (expired || reminded) deps.logger.info({ expired, reminded }, "adoption schedule");
  return { expired, reminded };
}

/** Runs the schedule every `everyMs` (an hour by default) and at start, until stopped. */
export class AdoptionScheduleWorker extends IntervalWorker {
  constructor(deps: Deps, everyMs = 60 * 60_000) {
    super("adoption schedule", () => runAdoptionSchedule(deps), everyMs, deps.logger);
  }
}
