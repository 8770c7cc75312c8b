import { MAIL_MARK_CID } from "./mail-mark-cid";
import { createServer, type AddressInfo } from "node:net";
import { eq, sql, type SQL } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { openDatabase } from "~/platform/db/client.server";
import { outboxMessages } from "~/platform/db/schema";
import { enqueueMail, enqueueTemplate, withdrawHeldMail } from "./outbox.server";
import { captureLogger, LEVEL } from "../../../tests/setup/capture-logger";
import { startSmtpSink, waitFor, type SmtpSink } from "../../../tests/setup/smtp-sink";
import { createTransport, type MailTransport } from "./transport.server";
import { attachment, MailValidationError, messageIdFor } from "./validation";
import { MailWorker, type MailWorkerOptions } from "./worker.server";

const FROM = "Apiary <hello@apiary.test>";
const silent = pino({ level: "silent" });

describe.each(testEngines())("mail outbox on $name", ({ open }) => {
  let t: TestDatabase;
  let sink: SmtpSink;
  let transport: MailTransport;
  const workers: MailWorker[] = [];

  const worker = (options: Partial<MailWorkerOptions> = {}) => {
    const w = new MailWorker({ handle: t, transport, logger: silent, pollMs: 20, baseDelayMs: 10, ...options });
    workers.push(w);
    return w;
  };
  const verify = (key: string) =>
    enqueueTemplate(t.db, "verify-email", { url: `https://apiary.test/verify?key=${key}` }, { to: "guest@example.com", idempotencyKey: key });
  const rows = () => t.db.select().from(outboxMessages).orderBy(outboxMessages.id);

  beforeAll(async () => {
    t = await open();
    sink = await startSmtpSink();
    transport = createTransport({ smtpUrl: sink.url, dataDir: "unused", from: FROM, logger: silent });
  });
  afterAll(async () => {
    transport?.close();
    await sink?.close();
    await t?.dispose();
  });
  beforeEach(async () => {
    sink.reset();
    await t.db.delete(outboxMessages);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });

  it("sends nothing when the enqueuing transaction rolls back", async () => {
    const failure = t.db.transaction(async (tx) => {
      await enqueueTemplate(tx, "verify-email", { url: "https://apiary.test/v" }, { to: "a@example.com", idempotencyKey: "rolled-back" });
      throw new Error("the feature's change failed");
    });
    await expect(failure).rejects.toThrow("the feature's change failed");
    expect(await worker().drain()).toBe(0);
    expect(await rows()).toHaveLength(0);
    expect(sink.received).toHaveLength(0);
  });

  it("sends a committed message exactly once, with html and text parts, Reply-To and attachments", async () => {
    const result = await t.db.transaction((tx) =>
      enqueueTemplate(
        tx,
        "contact",
        { name: "Rosa Meadow", email: "rosa@example.com", subject: "Hive visit", message: "Can we visit in June?\nThanks!" },
        {
          to: "team@apiary.test",
          replyTo: "rosa@example.com",
          idempotencyKey: "contact:1",
          attachments: [attachment("note.txt", "bees are great", "text/plain")],
        },
      ),
    );
    expect(result.enqueued).toBe(true);

    const w = worker();
    expect(await w.drain()).toBe(1);
    expect(await w.drain()).toBe(0);

    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.messageId).toBe(messageIdFor("contact:1"));
    expect(mail.subject).toBe("New contact message: Hive visit");
    expect(mail.from?.value).toEqual([{ name: "Apiary", address: "hello@apiary.test" }]);
    expect(mail.replyTo?.value[0]?.address).toBe("rosa@example.com");
    expect(mail.html).toContain("Can we visit in June?");
    expect(mail.text).toContain("Can we visit in June?");
    expect(mail.text).not.toContain("<");
    // The message's own attachment, and the mark its header shows, inline (by Content-ID) and a real PNG.
    const note = mail.attachments.find((a) => a.filename === "note.txt");
    const mark = mail.attachments.find((a) => a.filename === "apiary.png");
    expect([note?.filename, note?.contentType, note?.content.toString()]).toEqual(["note.txt", "text/plain", "bees are great"]);
    expect(mail.attachments).toHaveLength(2);
    expect(mark).toMatchObject({ filename: "apiary.png", contentType: "image/png", contentDisposition: "inline", cid: MAIL_MARK_CID });
    expect(mark!.content.subarray(1, 4).toString()).toBe("PNG");

    const [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it("treats a second enqueue with the same idempotency key as a no-op, before and after sending", async () => {
    expect((await verify("dup")).enqueued).toBe(true);
    expect(await verify("dup")).toEqual({ enqueued: false });
    await worker().drain();
    expect(await verify("dup")).toEqual({ enqueued: false });
    await worker().drain();
    expect(sink.received).toHaveLength(1);
    expect(await rows()).toHaveLength(1);
  });

  it("holds a message for its hold, and takes it back only while no worker has tried it", async () => {
    const held = (key: string) => enqueueTemplate(t.db, "verify-email", { url: `https://apiary.test/v?${key}` }, { to: "held@example.com", idempotencyKey: key, holdSeconds: 60 });
    await held("held-1");
    await held("held-2");
    await held("held-3");
    expect(await worker().drain()).toBe(0);
    expect(sink.received).toHaveLength(0);
    const [row] = await t.db.select({ due: sql<boolean>`${outboxMessages.nextAttemptAt} > now() + interval '50 seconds'` }).from(outboxMessages).where(eq(outboxMessages.idempotencyKey, "held-1"));
    expect(row!.due).toBe(true);

    // Taken back while held: gone, and never sent.
    expect(await withdrawHeldMail(t.db, ["held-1", "no-such-key"])).toEqual(["held-1"]);
    // Its hold over (the clock moved on), the next is sent and can no longer be taken back.
    await t.db.update(outboxMessages).set({ nextAttemptAt: sql`now()` }).where(eq(outboxMessages.idempotencyKey, "held-2"));
    expect(await worker().drain()).toBe(1);
    expect(await withdrawHeldMail(t.db, ["held-2"])).toEqual([]);
    // Claimed by a worker (its lease running): not taken back either.
    await t.db.update(outboxMessages).set({ lockedUntil: sql`now() + interval '1 minute'`, attempts: 1 }).where(eq(outboxMessages.idempotencyKey, "held-3"));
    expect(await withdrawHeldMail(t.db, ["held-3"])).toEqual([]);
    expect((await rows()).map((mail) => [mail.idempotencyKey, mail.status])).toEqual([
      ["held-2", "sent"],
      ["held-3", "pending"],
    ]);
    expect(sink.received).toHaveLength(1);
    await expect(enqueueMail(t.db, { template: "raw", idempotencyKey: "bad-hold", to: "b@example.com", subject: "x", html: "<p>x</p>", text: "x", holdSeconds: 1.5 })).rejects.toThrow(MailValidationError);
  });

  it("wakes up on NOTIFY without waiting for the poll", async () => {
    const w = worker({ pollMs: 60_000 });
    await w.start();
    await new Promise((resolve) => setTimeout(resolve, 50)); // let the start-up run finish first
    await t.db.transaction(async (tx) => {
      await enqueueTemplate(tx, "verify-email", { url: "https://apiary.test/v" }, { to: "a@example.com", idempotencyKey: "notify-1" });
      await enqueueMail(tx, { template: "raw", idempotencyKey: "notify-2", to: "b@example.com", subject: "Plain", html: "<p>Hi</p>", text: "Hi" });
    });
    await waitFor(() => sink.received.length === 2, "both messages delivered via NOTIFY");
  });

  it("rides out an SMTP outage and delivers every message exactly once", async () => {
    const keys = ["o1", "o2", "o3", "o4", "o5"];
    sink.setMode("reject-data");
    for (const key of keys) await verify(key);
    // Retries capped at 200 ms apart, and each phase given 45 s: with both test workers busy, the
    // worker's retries and this test's polling both crawl (it timed out at 5 s in CI twice). The
    // subject is exactly-once delivery, not speed.
    const w = worker({ maxAttempts: 1_000, maxDelayMs: 200 });
    const SLOW_MACHINE_MS = 45_000;
    await w.start();
    // Retries are jittered, so the sink's total alone does not say every message was refused:
    // wait until each row has recorded its own failed attempts too.
    const everyRowTried = (times: number) => async () => (await rows()).every((r) => r.attempts >= times);
    await waitFor(() => sink.refused >= 2 * keys.length, "refusals after DATA", SLOW_MACHINE_MS);
    await waitFor(everyRowTried(2), "each message refused after DATA", SLOW_MACHINE_MS);
    sink.setMode("reject-rcpt");
    await waitFor(() => sink.refused >= 4 * keys.length, "refusals at RCPT TO", SLOW_MACHINE_MS);
    await waitFor(everyRowTried(3), "each message refused at RCPT TO", SLOW_MACHINE_MS);
    sink.setMode("accept");
    await waitFor(async () => (await rows()).every((r) => r.status === "sent"), "all sent after the outage", SLOW_MACHINE_MS);
    await w.stop();

    const counts = sink.countByMessageId();
    expect([...counts.keys()].sort()).toEqual(keys.map(messageIdFor).sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(sink.received).toHaveLength(keys.length);
    for (const row of await rows()) {
      expect(row.attempts).toBeGreaterThanOrEqual(3);
      expect(row.lastError).toBeNull();
    }
  }, 200_000);

  it("picks up pending rows after a restart", async () => {
    sink.setMode("reject-rcpt");
    for (const key of ["r1", "r2", "r3"]) await verify(key);
    const first = worker({ pollMs: 60_000, baseDelayMs: 300 });
    await first.start();
    await waitFor(async () => (await rows()).every((r) => r.attempts === 1 && r.lockedUntil === null), "first attempts recorded");
    await first.stop();
    expect((await rows()).map((r) => r.status)).toEqual(["pending", "pending", "pending"]);

    sink.setMode("accept");
    // The new worker only runs once at start (long poll), so wait until the backoff has passed.
    await waitFor(async () => {
      const due = await t.db.select({ id: outboxMessages.id }).from(outboxMessages).where(sql`${outboxMessages.nextAttemptAt} > now()`);
      return due.length === 0;
    }, "backoff over");
    await worker({ pollMs: 60_000 }).start();
    await waitFor(async () => (await rows()).every((r) => r.status === "sent"), "delivered by the restarted worker");
    expect(sink.received).toHaveLength(3);
    expect((await rows()).map((r) => r.attempts)).toEqual([2, 2, 2]);
  });

  it("lets the batch in flight finish when stopped", async () => {
    sink.setDelay(200);
    await verify("in-flight");
    const w = worker({ pollMs: 60_000 });
    await w.start();
    await waitFor(async () => (await rows())[0]?.attempts === 1, "claimed");
    await w.stop();
    expect(sink.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: "sent", lockedUntil: null });
  });

  it("leaves a row alone while another worker's lease holds, then takes it over", async () => {
    await verify("leased");
    // What a worker that crashed mid-send leaves behind.
    await t.db.update(outboxMessages).set({ attempts: 1, lockedUntil: sql`now() + make_interval(secs => 0.3)` });
    const w = worker();
    expect(await w.drain()).toBe(0);
    expect(sink.received).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await w.drain()).toBe(1);
    expect(sink.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("never hands a row to two workers", async () => {
    const keys = Array.from({ length: 30 }, (_, i) => `many-${i}`);
    for (const key of keys) await verify(key);
    // On PostgreSQL the second and third worker get pools of their own, like separate app instances.
    const others = t.url ? await Promise.all([openDatabase({ databaseUrl: t.url }), openDatabase({ databaseUrl: t.url })]) : [t, t];
    try {
      const all = [worker({ batchSize: 3 }), worker({ batchSize: 3, handle: others[0] }), worker({ batchSize: 3, handle: others[1] })];
      const handled = await Promise.all(all.map((w) => w.drain()));
      expect(handled.reduce((x, y) => x + y, 0)).toBe(keys.length);
      const counts = sink.countByMessageId();
      expect(counts.size).toBe(keys.length);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect((await rows()).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      if (t.url) await Promise.all(others.map((h) => h.close()));
    }
  });

  it("marks a message failed after maxAttempts and logs an error", async () => {
    const port = await closedPort();
    const deadTransport = createTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: "unused", from: FROM, logger: silent });
    const { logger, lines } = captureLogger("warn");
    await verify("doomed");
    const w = new MailWorker({ handle: t, transport: deadTransport, logger, maxAttempts: 3, baseDelayMs: 0 });
    expect(await w.drain()).toBe(3);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 3, lockedUntil: null, sentAt: null });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(lines.filter((l) => l.level === LEVEL.warn)).toHaveLength(2);
    const errors = lines.filter((l) => l.level === LEVEL.error);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ outboxId: row!.id, attempts: 3 });
    expect(await w.drain()).toBe(0);
    deadTransport.close();
  });

  it("backs off exponentially between attempts", async () => {
    sink.setMode("reject-rcpt");
    await verify("backoff");
    const w = worker({ baseDelayMs: 1_000 });
    const seconds = async (at: SQL) => Number((await t.db.select({ s: sql<number>`extract(epoch from ${at})::float8` }).from(outboxMessages))[0]!.s);
    /**
     * One failed attempt, and the wait it set before the next (base × 2^(attempts-1), up to 10 %
     * jitter): the database's clock read before and after the attempt brackets the moment the
     * wait was counted from, so a busy machine taking its time between them cannot fail the test.
     */
    const attempt = async () => {
      const before = await seconds(sql`now()`);
      expect(await w.runOnce()).toBe(1);
      const after = await seconds(sql`now()`);
      const next = await seconds(sql`${outboxMessages.nextAttemptAt}`);
      return { fromBefore: next - before, fromAfter: next - after };
    };
    const first = await attempt();
    expect(first.fromBefore).toBeGreaterThanOrEqual(1);
    expect(first.fromAfter).toBeLessThanOrEqual(1.101);
    await t.db.update(outboxMessages).set({ nextAttemptAt: sql`now()` });
    const second = await attempt();
    expect(second.fromBefore).toBeGreaterThanOrEqual(2);
    expect(second.fromAfter).toBeLessThanOrEqual(2.201);
  });

  it("refuses header injection at enqueue and never sends a bad row written around it", async () => {
    const base = { template: "raw", idempotencyKey: "inject", html: "<p>x</p>", text: "x" };
    const attempts = [
      { ...base, to: "victim@example.com", subject: "Hello\r\nBcc: everyone@example.com" },
      { ...base, to: "victim@example.com\r\nBcc: everyone@example.com", subject: "Hello" },
      { ...base, to: "victim@example.com, everyone@example.com", subject: "Hello" },
      { ...base, to: "Victim <victim@example.com>", subject: "Hello" },
      { ...base, to: "victim@example.com", replyTo: "x@example.com\nBcc: y@example.com", subject: "Hello" },
      { ...base, to: "victim@example.com", subject: "Hello", attachments: [{ filename: "a\r\n.txt", content: "", contentType: "text/plain" }] },
    ];
    for (const message of attempts) {
      await expect(enqueueMail(t.db, message)).rejects.toBeInstanceOf(MailValidationError);
    }
    expect(await rows()).toHaveLength(0);

    // Visitor text in a subject is folded onto one line rather than refused.
    await enqueueTemplate(
      t.db,
      "contact",
      { name: "Eve", email: "eve@example.com", subject: "Hi\r\nBcc: everyone@example.com", message: "x" },
      { to: "team@apiary.test", replyTo: "eve@example.com", idempotencyKey: "contact:folded" },
    );
    // A row that skipped validation is failed at once instead of retried.
    await t.db.insert(outboxMessages).values({ ...base, idempotencyKey: "raw-bad", to: "a@example.com\r\nBcc: b@example.com", subject: "x" });
    await worker().drain();
    expect(sink.received.map((m) => m.subject)).toEqual(["New contact message: Hi Bcc: everyone@example.com"]);
    expect(sink.received[0]!.bcc).toBeUndefined();
    const [bad] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, "raw-bad"));
    expect(bad).toMatchObject({ status: "failed", attempts: 1 });
    expect(bad!.lastError).toContain("MailValidationError");
  });
});

/** A local port with nothing listening, for a connection that is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
