import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxMessages, rateLimits } from "~/platform/db/schema";
import { createTransport } from "~/platform/mail/transport.server";
import { MailWorker } from "~/platform/mail/worker.server";
import { startSmtpSink, type SmtpSink } from "../../../tests/setup/smtp-sink";
import type { Platform } from "~/platform/runtime.server";
import { testEngines, type TestDatabase } from "../../../tests/setup/databases";
import { createTestPlatform } from "../../../tests/setup/platform";
import { ContactMessageSchema } from "./contact.schema";
import { sendContactMessage } from "./send-contact-message.server";

const valid = { name: "Rosa Meadow", email: "rosa@example.com", subject: "Hive visit in June", message: "Could our school class visit the hives in June?" };
const firstMessage = (input: Record<string, unknown>, field: string) => {
  const result = ContactMessageSchema.safeParse({ ...valid, ...input });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
};

describe("the contact form's rules", () => {
  it.each([
    [{ name: undefined }, "name", "Name is required"],
    [{ name: "   " }, "name", "Name is required"],
    [{ name: "x".repeat(101) }, "name", "Name must be less than 100 characters"],
    [{ email: undefined }, "email", "Invalid email address"],
    [{ email: "not-an-email" }, "email", "Invalid email address"],
    [{ email: `${"a".repeat(250)}@example.com` }, "email", "Email must be less than 255 characters"],
    [{ email: "rosa@example.com\r\nBcc: victim@example.com" }, "email", "Invalid email address"],
    [{ subject: "" }, "subject", "Subject is required"],
    [{ subject: "x".repeat(201) }, "subject", "Subject must be less than 200 characters"],
    [{ message: undefined }, "message", "Message must be at least 10 characters"],
    [{ message: "  too short  " }, "message", "Message must be at least 10 characters"],
    [{ message: "x".repeat(2001) }, "message", "Message must be less than 2000 characters"],
  ])("%j → %s: %s", (input, field, message) => {
    expect(firstMessage(input, field)).toBe(message);
  });

  it("accepts the limits themselves and trims every field", () => {
    const result = ContactMessageSchema.parse({
      name: ` ${"n".repeat(100)} `,
      email: `  ${"a".repeat(243)}@example.com `,
      subject: "s".repeat(200),
      message: `\n${"m".repeat(2000)}\n`,
    });
    expect(result.name).toHaveLength(100);
    expect(result.email).toHaveLength(255);
    expect(result.message).toHaveLength(2000);
  });
});

describe.each(testEngines())("sending a contact message on $name", ({ open }) => {
  let t: TestDatabase;
  let platform: Platform;
  let sink: SmtpSink;
  const contactMails = () => t.db.select().from(outboxMessages).where(eq(outboxMessages.template, "contact")).orderBy(outboxMessages.id);

  beforeAll(async () => {
    t = await open();
    platform = createTestPlatform(t, { CONTACT_TO: "team@apiary.test" });
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    await t?.dispose();
  });
  beforeEach(async () => {
    sink.reset();
    await t.db.delete(outboxMessages);
    await t.db.delete(rateLimits);
  });

  async function deliver() {
    const transport = createTransport({ smtpUrl: sink.url, dataDir: "unused", from: "Apiary <hello@apiary.test>", logger: platform.logger });
    const worker = new MailWorker({ handle: t, transport, logger: platform.logger, pollMs: 20 });
    try {
      return await worker.drain();
    } finally {
      await worker.stop();
      transport.close();
    }
  }

  it("queues the message to CONTACT_TO with Reply-To set to the sender", async () => {
    expect(await sendContactMessage(platform, valid, "198.51.100.1")).toEqual({ ok: true, value: null });
    const [row] = await contactMails();
    expect(row).toMatchObject({ to: "team@apiary.test", replyTo: "rosa@example.com", subject: "New contact message: Hive visit in June", status: "pending" });
    expect(row!.text).toContain("Could our school class visit the hives in June?");
    expect(row!.text).toContain("Rosa Meadow");

    expect(await deliver()).toBe(1);
    const mail = sink.received[0]!;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual(["team@apiary.test"]);
    expect(mail.replyTo?.value.map((a) => a.address)).toEqual(["rosa@example.com"]);
  });

  it("never lets line breaks in the fields reach a header", async () => {
    const hostile = {
      name: "Mallory\r\nBcc: victim@example.com",
      email: "mallory@example.com",
      subject: "Hello\r\nBcc: victim@example.com\r\nX-Injected: yes",
      message: "Line one\r\nBcc: victim@example.com\r\n\r\nstill the body",
    };
    expect(await sendContactMessage(platform, hostile, "198.51.100.2")).toEqual({ ok: true, value: null });
    const [row] = await contactMails();
    expect(row!.subject).toBe("New contact message: Hello Bcc: victim@example.com X-Injected: yes");
    expect(row!.subject).not.toMatch(/[\r\n]/);

    expect(await deliver()).toBe(1);
    const mail = sink.received[0]!;
    expect(mail.headers.has("bcc")).toBe(false);
    expect(mail.headers.has("x-injected")).toBe(false);
    expect(mail.bcc).toBeUndefined();
    expect(mail.subject).toBe("New contact message: Hello Bcc: victim@example.com X-Injected: yes");
    expect(mail.replyTo?.value.map((a) => a.address)).toEqual(["mallory@example.com"]);
    expect(mail.text).toContain("still the body");
  });

  it("checks the form's rules itself: a caller that skipped the form cannot queue a header or a control character", async () => {
    const twoHeaders = await sendContactMessage(platform, { ...valid, email: "rosa@example.com\r\nBcc: victim@example.com" }, "198.51.100.3");
    expect(twoHeaders).toEqual({ ok: false, status: 400, title: "Validation Error", message: "Invalid email address", fieldErrors: { email: ["Invalid email address"] } });
    const nul = await sendContactMessage(platform, { ...valid, name: "Ro\u0000sa" }, "198.51.100.3");
    expect(nul).toMatchObject({ ok: false, status: 400, message: "Name contains a character that is not allowed", fieldErrors: { name: ["Name contains a character that is not allowed"] } });
    expect(await contactMails()).toHaveLength(0);
  });

  it("allows 5 messages per address in 10 minutes, then refuses with a clear message; other addresses are unaffected", async () => {
    for (let i = 0; i < 5; i++) expect(await sendContactMessage(platform, valid, "203.0.113.50")).toEqual({ ok: true, value: null });
    const refused = await sendContactMessage(platform, valid, "203.0.113.50");
    expect(refused).toMatchObject({ ok: false, status: 429, title: "Too Many Messages" });
    expect(refused.ok === false && refused.message).toMatch(/^You have sent several messages in a short time\. Please wait \d+ minutes? and try again\.$/);
    expect(await contactMails()).toHaveLength(5);
    expect(await sendContactMessage(platform, valid, "203.0.113.51")).toEqual({ ok: true, value: null });

    // The window ends: the address may write again.
    await t.db.execute(sql`update rate_limits set window_start = now() - interval '11 minutes' where key = 'contact:address:203.0.113.50'`);
    expect(await sendContactMessage(platform, valid, "203.0.113.50")).toEqual({ ok: true, value: null });
  });

  it("answers Error / Failed to send message when the message cannot be queued", async () => {
    await t.db.execute(sql`create function refuse_contact() returns trigger language plpgsql as $$ begin raise exception 'outbox unavailable'; end $$`);
    await t.db.execute(sql`create trigger refuse_contact before insert on outbox_messages for each row execute function refuse_contact()`);
    try {
      const result = await sendContactMessage(platform, valid, "198.51.100.4");
      expect(result).toEqual({ ok: false, status: 503, title: "Error", message: "Failed to send message. Please try again later." });
    } finally {
      await t.db.execute(sql`drop trigger refuse_contact on outbox_messages`);
      await t.db.execute(sql`drop function refuse_contact()`);
    }
  });
});
