import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type * as Nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { OutboxAttachment } from "~/platform/db/schema";
import { MAIL_MARK_PNG_BASE64 } from "./mail-mark";
import { MAIL_MARK_CID } from "./mail-mark-cid";
import { assertAttachments, assertHeaderText, assertSingleAddress, messageIdFor } from "./validation";

/** What the worker hands to a transport: one claimed outbox row. */
export type OutgoingMail = {
  id: number;
  idempotencyKey: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  attachments: OutboxAttachment[];
};

export type SendOptions = {
  /** Aborts a send that runs too long (the worker keeps it inside the row's lease). */
  signal?: AbortSignal;
};

export interface MailTransport {
  readonly kind: "smtp" | "file";
  send(mail: OutgoingMail, options?: SendOptions): Promise<{ messageId: string }>;
  close(): void;
}

export type TransportOptions = {
  /** smtp:// or smtps:// URL; unset = write .eml files to `dataDir/mail`. */
  smtpUrl?: string;
  dataDir: string;
  /** From header, e.g. `Apiary <hello@apiary.local>`. */
  from: string;
  logger: Logger;
};

export function createTransport(options: TransportOptions): MailTransport {
  assertHeaderText("from", options.from);
  return options.smtpUrl ? smtpTransport(options.smtpUrl, options) : fileTransport(options);
}

type TransporterOptions = Parameters<typeof Nodemailer.createTransport>[0];

/** nodemailer is loaded with the first message, not at start: most starts send none, and loading it costs start time. */
function lazyTransporter(options: TransporterOptions) {
  let transporter: Promise<Nodemailer.Transporter> | undefined;
  let closed = false;
  return {
    get() {
      transporter ??= import("nodemailer").then(({ default: mailer }) => mailer.createTransport(options));
      return transporter;
    },
    close() {
      if (closed) return;
      closed = true;
      void transporter?.then((created) => created.close());
    },
  };
}

function smtpTransport(url: string, { from }: TransportOptions): MailTransport {
  const transporter = lazyTransporter({
    url,
    pool: false,
    // Bounded waits, so a stalled server costs one failed attempt instead of a hung worker.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // Messages come from the database; never let their content make us read files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    kind: "smtp",
    async send(mail, { signal } = {}) {
      const info = await (await transporter.get()).sendMail({ ...compose(mail, from), signal });
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

function fileTransport({ dataDir, from, logger }: TransportOptions): MailTransport {
  const dir = path.resolve(dataDir, "mail");
  const transporter = lazyTransporter({
    streamTransport: true,
    buffer: true,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    kind: "file",
    async send(mail) {
      const info = await (await transporter.get()).sendMail(compose(mail, from));
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${mail.id}.eml`);
      // `wx`: an existing file is never overwritten, even if two processes share DATA_DIR.
      await writeFile(file, info.message as Buffer, { flag: "wx" });
      logger.info({ outboxId: mail.id, file }, `mail written to ${file}`);
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

const MAIL_MARK = Buffer.from(MAIL_MARK_PNG_BASE64, "base64");

/** Checked again here (not only at enqueue) because rows could have been written by other code. */
function compose(mail: OutgoingMail, from: string) {
  assertSingleAddress("to", mail.to);
  if (mail.replyTo) assertSingleAddress("replyTo", mail.replyTo);
  assertHeaderText("subject", mail.subject);
  assertAttachments(mail.attachments);
  return {
    from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: messageIdFor(mail.idempotencyKey),
    attachments: [
      ...mail.attachments.map((a) => ({
        filename: a.filename,
        content: Buffer.from(a.content, "base64"),
        contentType: a.contentType,
      })),
      // The mark in the templates' header travels with the message: no client fetches it from elsewhere.
      ...(mail.html.includes(`cid:${MAIL_MARK_CID}`) ? [{ filename: "apiary.png", content: MAIL_MARK, contentType: "image/png", cid: MAIL_MARK_CID, contentDisposition: "inline" as const }] : []),
    ],
  };
}
