import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureLogger, LEVEL } from "../../../tests/setup/capture-logger";
import { createTransport, type OutgoingMail } from "./transport.server";
import { attachment, MailValidationError, messageIdFor } from "./validation";

const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  id: 42,
  idempotencyKey: "booking-confirmation:7f1c",
  to: "guest@example.com",
  replyTo: "team@apiary.test",
  subject: "Your booking request at Lakeside",
  html: "<p>Hello <strong>guest</strong></p>",
  text: "Hello guest",
  attachments: [attachment("stay.ics", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "text/calendar")],
  ...overrides,
});

describe("file transport", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "apiary-mail-"));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it("writes each message as an .eml with both parts and logs where", async () => {
    const { logger, lines } = captureLogger("debug");
    const transport = createTransport({ dataDir, from: "Apiary <hello@apiary.test>", logger });
    const { messageId } = await transport.send(mail());
    transport.close();

    const files = await readdir(path.join(dataDir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-42\.eml$/);
    const file = path.join(dataDir, "mail", files[0]!);
    const parsed = await simpleParser(await readFile(file));
    expect(parsed.messageId).toBe(messageIdFor("booking-confirmation:7f1c"));
    expect(messageId).toBe(parsed.messageId);
    expect(parsed.html).toContain("<strong>guest</strong>");
    expect(parsed.text?.trim()).toBe("Hello guest");
    expect(parsed.replyTo?.text).toBe("team@apiary.test");
    expect(parsed.attachments[0]?.filename).toBe("stay.ics");

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: LEVEL.info, file, outboxId: 42 });
    expect(lines[0]!.msg).toContain(file);
  });

  it("refuses header injection before writing anything", async () => {
    const { logger } = captureLogger();
    const transport = createTransport({ dataDir, from: "Apiary <hello@apiary.test>", logger });
    const bad: Partial<OutgoingMail>[] = [
      { subject: "Hi\r\nBcc: everyone@example.com" },
      { subject: "Hi\nX-Injected: 1" },
      { to: "guest@example.com\r\nBcc: everyone@example.com" },
      { to: "guest@example.com, other@example.com" },
      { replyTo: "team@apiary.test\nBcc: everyone@example.com" },
    ];
    for (const overrides of bad) {
      await expect(transport.send(mail(overrides))).rejects.toBeInstanceOf(MailValidationError);
    }
    await expect(readdir(path.join(dataDir, "mail"))).rejects.toMatchObject({ code: "ENOENT" });
    expect(() => createTransport({ dataDir, from: "Apiary <a@b.test>\r\nBcc: x@y.test", logger })).toThrow(MailValidationError);
  });
});

describe("messageIdFor", () => {
  it("is stable, header-safe and one-to-one", () => {
    expect(messageIdFor("contact:1")).toBe("<contact=3A1@apiary>");
    expect(messageIdFor("contact:1")).toBe(messageIdFor("contact:1"));
    expect(messageIdFor("a:b")).not.toBe(messageIdFor("a-b"));
    expect(messageIdFor("a=3Ab")).not.toBe(messageIdFor("a:b"));
    expect(messageIdFor("x\r\ny <z>")).toMatch(/^<[A-Za-z0-9_=-]+@apiary>$/);
    expect(messageIdFor("k".repeat(500))).toMatch(/^<sha256-[0-9a-f]{64}@apiary>$/);
  });
});
