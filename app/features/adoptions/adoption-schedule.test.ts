import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hiveAdoptions, outboxMessages, securityAuditLog, sponsors } from "~/platform/db/schema";
import type { Platform } from "~/platform/runtime.server";
import { insertCustomer } from "../../../tests/factories/accounts";
import { insertAdoption, insertTier } from "../../../tests/factories/sponsorships";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { createTestPlatform } from "../../../tests/setup/platform";
import { AdoptionScheduleWorker, runAdoptionSchedule } from "./adoption-schedule.server";

/**
 * The sponsorship schedule: adoptions past their end date expire, sponsors are reminded 30 days
 * before it, once. Time is given, not waited for: "now" is an argument.
 */
describe.each(testEngines())("the adoption schedule on $name", ({ open, name: engine }) => {
  let t: TestDatabase;
  let platform: Platform;
  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t);
  });
  afterAll(() => t?.dispose());

  // Each test runs in its own far-off year, so the adoptions of one test are nothing to another.
  let year = 2040 + (engine === "postgres" ? 100 : 0);
  const nextYear = () => ++year;
  // 20:00 in Los Angeles on the 31st of May is the 1st of June in UTC: the organisation's day counts.
  const at = (y: number, day: string) => new Date(`${y}-${day}T03:00:00Z`);
  const mailsTo = (to: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(outboxMessages.id);
  const statusOf = async (id: string) => (await t.db.select({ status: hiveAdoptions.status }).from(hiveAdoptions).where(eq(hiveAdoptions.id, id)))[0]!.status;

  it("expires active and pending adoptions whose end date has passed in the organisation's time zone, and tells each sponsor once", async () => {
    const y = nextYear();
    const tier = await insertTier(t.db);
    const sponsor = await insertCustomer(t.db);
    await t.db.update(sponsors).set({ tierId: tier.id }).where(eq(sponsors.userId, sponsor.userId));
    // Reminded a month ago: only its end is news now.
    const ended = await insertAdoption(t.db, sponsor, tier.id, { status: "active", startDate: `${y - 1}-06-01`, endDate: `${y}-05-31`, renewalReminderSentAt: at(y, "05-01") });
    const pending = await insertAdoption(t.db, sponsor, tier.id, { status: "pending", startDate: `${y - 1}-06-01`, endDate: `${y}-05-30` });
    const cancelled = await insertAdoption(t.db, sponsor, tier.id, { status: "cancelled", startDate: `${y - 1}-06-01`, endDate: `${y}-05-01` });
    const open = await insertAdoption(t.db, sponsor, tier.id, { status: "active", startDate: `${y - 1}-06-01`, endDate: null });

    // The 31st in Los Angeles (the 1st of June in UTC): its last day, not over yet.
    await runAdoptionSchedule(platform, at(y, "06-01"));
    expect(await statusOf(ended.id)).toBe("active");
    expect(await statusOf(pending.id)).toBe("expired");

    await runAdoptionSchedule(platform, at(y, "06-02"));
    expect(await statusOf(ended.id)).toBe("expired");
    expect(await statusOf(cancelled.id)).toBe("cancelled");
    expect(await statusOf(open.id)).toBe("active");
    const mails = await mailsTo(sponsor.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`Your ${tier.name} adoption has ended`, `Your ${tier.name} adoption has ended`]);
    expect(mails[1]!.text).toContain(ended.id);
    // The sponsor still has an active adoption (the open one): the tier stays.
    expect((await t.db.select().from(sponsors).where(eq(sponsors.userId, sponsor.userId)))[0]?.tierId).toBe(tier.id);
    const audit = await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.recordId, ended.id));
    expect(audit).toMatchObject([{ eventType: "record_updated", userId: null, module: "hive_adoptions", after: { status: "expired" }, eventDetails: { by: "schedule" } }]);

    // A later round finds nothing more to do.
    expect(await runAdoptionSchedule(platform, at(y, "06-10"))).toMatchObject({ expired: 0 });
    expect(await mailsTo(sponsor.email)).toHaveLength(2);
  });

  it("reminds a sponsor 30 days before the end date, once; a new end date gets a new reminder", async () => {
    const y = nextYear();
    const tier = await insertTier(t.db);
    const sponsor = await insertCustomer(t.db);
    const adoption = await insertAdoption(t.db, sponsor, tier.id, { status: "active", startDate: `${y - 1}-07-01`, endDate: `${y}-07-01` });
    await runAdoptionSchedule(platform, at(y, "05-31"));
    expect(await mailsTo(sponsor.email)).toEqual([]);
    await runAdoptionSchedule(platform, at(y, "06-02"));
    await runAdoptionSchedule(platform, at(y, "06-20"));
    const mails = await mailsTo(sponsor.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`Your ${tier.name} adoption ends on Jul 1, ${y}`]);
    expect(mails[0]!.text).toContain("/adopt-hive-signup");

    // Renewed (a year more): the reminder is due again before the new end.
    await t.db.update(hiveAdoptions).set({ endDate: `${y + 1}-07-01`, renewalReminderSentAt: null }).where(eq(hiveAdoptions.id, adoption.id));
    await runAdoptionSchedule(platform, at(y, "06-25"));
    expect(await mailsTo(sponsor.email)).toHaveLength(1);
    await runAdoptionSchedule(platform, at(y + 1, "06-05"));
    expect(await mailsTo(sponsor.email)).toHaveLength(2);
  });

  it("catches up after downtime: everything overdue expires in the first round, without a reminder for what has already ended", async () => {
    const y = nextYear();
    const tier = await insertTier(t.db);
    const sponsors_ = await Promise.all([insertCustomer(t.db), insertCustomer(t.db), insertCustomer(t.db)]);
    const rows = await Promise.all(sponsors_.map((sponsor, i) => insertAdoption(t.db, sponsor, tier.id, { status: "active", startDate: `${y - 1}-01-01`, endDate: `${y}-0${i + 1}-15` })));
    const result = await runAdoptionSchedule(platform, at(y, "09-01"));
    expect(result.expired).toBeGreaterThanOrEqual(3);
    const statuses = await t.db.select({ status: hiveAdoptions.status }).from(hiveAdoptions).where(inArray(hiveAdoptions.id, rows.map((row) => row.id)));
    expect(statuses.map((row) => row.status)).toEqual(["expired", "expired", "expired"]);
    for (const sponsor of sponsors_) expect((await mailsTo(sponsor.email)).map((mail) => mail.subject)).toEqual([`Your ${tier.name} adoption has ended`]);
  });

  it.runIf(engine === "postgres")("several servers running the schedule at once expire and remind each adoption exactly once", async () => {
    const y = nextYear();
    const tier = await insertTier(t.db);
    const customers = await Promise.all(Array.from({ length: 8 }, () => insertCustomer(t.db)));
    for (const [i, sponsor] of customers.entries()) {
      await insertAdoption(t.db, sponsor, tier.id, { status: "active", startDate: `${y - 1}-01-01`, endDate: i % 2 === 0 ? `${y}-03-01` : `${y}-04-20` });
    }
    await Promise.all([runAdoptionSchedule(platform, at(y, "04-01")), runAdoptionSchedule(platform, at(y, "04-01")), runAdoptionSchedule(platform, at(y, "04-01"))]);
    for (const sponsor of customers) expect(await mailsTo(sponsor.email)).toHaveLength(1);
  });

  it("the worker runs a round when it starts (catching up) and stops cleanly", async () => {
    const tier = await insertTier(t.db);
    const sponsor = await insertCustomer(t.db);
    // Ended yesterday and before, by the real clock.
    const adoption = await insertAdoption(t.db, sponsor, tier.id, { status: "active", startDate: "2020-01-01", endDate: "2020-12-31" });
    const worker = new AdoptionScheduleWorker(platform, 60 * 60_000);
    worker.start();
    await worker.stop();
    expect(await statusOf(adoption.id)).toBe("expired");
  });
});
