import { eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages, rateLimits, securityAuditLog, sessions, smsOutbox, verifications } from "~/platform/db/schema";
import { insertSession, insertUser } from "../../../tests/factories/accounts";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { createTestPlatform } from "../../../tests/setup/platform";
import { HOUSEKEEPING_LOCK, pruneSpentSignInRows, runHousekeeping } from "./housekeeping.server";
import { SESSION_ABSOLUTE_MS } from "./session-lifetimes";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

describe.each(testEngines())("sign-in housekeeping on $name", ({ name, open }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t?.dispose());

  it("removes what can no longer sign anyone in, after its retention, and keeps the rest", async () => {
    const user = await insertUser(t.db);
    const live = await insertSession(t.db, user.userId);
    const idle = await insertSession(t.db, user.userId);
    const tooOld = await insertSession(t.db, user.userId, { createdAt: ago(SESSION_ABSOLUTE_MS + HOUR) });
    await t.db.update(sessions).set({ expiresAt: ago(HOUR) }).where(inArray(sessions.id, [idle.id]));

    const tag = crypto.randomUUID();
    await t.db.insert(verifications).values([
      { id: `${tag}-fresh`, identifier: tag, value: "v", expiresAt: new Date(Date.now() + HOUR) },
      { id: `${tag}-last-night`, identifier: tag, value: "v", expiresAt: ago(2 * HOUR) },
      { id: `${tag}-last-week`, identifier: tag, value: "v", expiresAt: ago(7 * 24 * HOUR) },
    ]);
    await t.db.insert(rateLimits).values([
      { key: `${tag}:now`, count: 3, windowStart: ago(HOUR) },
      { key: `${tag}:old`, count: 9, windowStart: ago(25 * HOUR) },
    ]);

    const pruned = await pruneSpentSignInRows(t.db);
    expect(pruned).not.toBe("skipped");
    if (pruned === "skipped") return;
    expect(pruned.sessions).toBeGreaterThanOrEqual(2);
    expect(pruned.verifications).toBeGreaterThanOrEqual(1);
    expect(pruned.rateLimits).toBeGreaterThanOrEqual(1);

    const left = (await t.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, [live.id, idle.id, tooOld.id]))).map((row) => row.id);
    expect(left).toEqual([live.id]);
    expect((await t.db.select({ id: verifications.id }).from(verifications).where(like(verifications.id, `${tag}%`))).map((row) => row.id).sort()).toEqual([`${tag}-fresh`, `${tag}-last-night`]);
    expect((await t.db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, `${tag}%`))).map((row) => row.key)).toEqual([`${tag}:now`]);
  });

  it("keeps what personal data is for, and drops the rest after its retention, as the platform's clock moves", async () => {
    const platform = createTestPlatform(t);
    const now = () => new Date(platform.clock.now());
    const tag = crypto.randomUUID();
    const mail = (suffix: string, status: "sent" | "failed" | "pending") => ({
      idempotencyKey: `${tag}-${suffix}`,
      template: "booking_confirmation",
      to: `${suffix}@example.com`,
      subject: `Your stay ${suffix}`,
      html: "<p>12 Lake Road, the gate code is 4711</p>",
      text: "12 Lake Road, the gate code is 4711",
      attachments: [{ filename: "stay.ics", content: "BEGIN:VCALENDAR", contentType: "text/calendar" }],
      status,
      createdAt: now(),
      sentAt: status === "sent" ? now() : null,
    });
    await t.db.insert(outboxMessages).values([mail("sent", "sent"), mail("failed", "failed"), mail("pending", "pending")]);
    await t.db.insert(smsOutbox).values({ idempotencyKey: `${tag}-sms`, purpose: "sign_in_code", to: "+13605550123", body: "Your Apiary code is 123456", status: "sent", sentAt: now(), createdAt: now() });
    const [audit] = await t.db
      .insert(securityAuditLog)
      .values({ eventType: "login_success", eventDetails: { tag }, ipAddress: "203.0.113.44", userAgent: "Mozilla/5.0 (X11; Linux x86_64)", createdAt: now() })
      .returning({ id: securityAuditLog.id });

    const mails = async () =>
      Object.fromEntries(
        (await t.db.select().from(outboxMessages).where(like(outboxMessages.idempotencyKey, `${tag}%`))).map((row) => [row.idempotencyKey.slice(tag.length + 1), row]),
      );
    const sms = async () => (await t.db.select().from(smsOutbox).where(eq(smsOutbox.idempotencyKey, `${tag}-sms`)))[0];
    const auditRow = async () => (await t.db.select().from(securityAuditLog).where(eq(securityAuditLog.id, audit!.id)))[0];
    // The hourly job's round, run by hand: it reads the platform's clock.
    const round = async () => expect(await runHousekeeping(platform)).not.toBe("skipped");

    platform.clock.advance(DAY - HOUR);
    await round();
    expect((await sms())?.body).toBe("Your Apiary code is 123456");

    platform.clock.advance(2 * HOUR);
    await round();
    expect((await sms())?.body).toBe("");
    expect((await mails()).sent?.text).toContain("gate code");

    platform.clock.advance(29 * DAY);
    await round();
    const after30 = await mails();
    for (const done of [after30.sent, after30.failed]) {
      expect(done).toMatchObject({ html: "", text: "", attachments: [] });
      // Still listed on the person's page by subject and date.
      expect(done?.subject).toMatch(/^Your stay /);
    }
    expect(after30.pending?.text).toContain("gate code");
    expect(await auditRow()).toMatchObject({ ipAddress: "203.0.113.44", userAgent: "Mozilla/5.0 (X11; Linux x86_64)" });

    platform.clock.advance(60 * DAY);
    await round();
    expect(await sms()).toBeUndefined();

    platform.clock.advance(90 * DAY);
    await round();
    expect(await auditRow()).toMatchObject({ eventType: "login_success", eventDetails: { tag }, ipAddress: null, userAgent: null });
  });

  // PGlite has one connection: no other instance can hold the lock there.
  it.runIf(name === "postgres")("runs on one instance at a time: a round that finds another under way skips", async () => {
    let inner: Awaited<ReturnType<typeof pruneSpentSignInRows>> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${HOUSEKEEPING_LOCK})`);
      inner = await pruneSpentSignInRows(t.db);
    });
    expect(inner).toBe("skipped");
    expect(await pruneSpentSignInRows(t.db)).not.toBe("skipped");
  });
});
