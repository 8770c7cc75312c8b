import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * The browser tests' mailbox: a real SMTP server (started by the Playwright run, see
 * global-setup.ts) that the app under test sends to; every accepted message is written to
 * E2E_MAILBOX_DIR, where tests read it.
 */
export const MAILBOX_PORT = Number(process.env.E2E_SMTP_PORT ?? 2626);

export async function startMailbox(dir: string) {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        // One folder per recipient: a test reads only its own addresses' mail, however full the mailbox.
        const name = `${Date.now()}-${++n}.eml`;
        for (const { address } of session.envelope.rcptTo) {
          const folder = recipientFolder(dir, address);
          mkdirSync(folder, { recursive: true });
          // Written whole, then named: a reader never sees half a message (and may keep what it parsed).
          writeFileSync(path.join(folder, `.${name}`), Buffer.concat(chunks));
          renameSync(path.join(folder, `.${name}`), path.join(folder, name));
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(MAILBOX_PORT, "127.0.0.1", () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

const recipientFolder = (dir: string, address: string) => path.join(dir, encodeURIComponent(address.toLowerCase()));

/** Every message so far to `to` whose subject matches, oldest first. */
export async function mailsTo(to: string, subject: RegExp): Promise<ParsedMail[]> {
  const folder = recipientFolder(process.env.E2E_MAILBOX_DIR!, to);
  if (!existsSync(folder)) return [];
  const found: ParsedMail[] = [];
  for (const file of readdirSync(folder).sort()) {
    if (file.startsWith(".")) continue;
    const mail = await parsed(path.join(folder, file));
    if (subject.test(mail.subject ?? "")) found.push(mail);
  }
  return found;
}

/**
 * Messages this worker has parsed, by file: a file never changes once named, and waitForMail
 * reads a folder ten times a second (the organisation's, with every test's mail, included).
 */
const parsedFiles = new Map<string, Promise<ParsedMail>>();
function parsed(file: string) {
  let mail = parsedFiles.get(file);
  if (!mail) {
    mail = simpleParser(readFileSync(file));
    parsedFiles.set(file, mail);
  }
  return mail;
}

/** Waits for a message to `to` whose subject matches, newest first; fails after `timeoutMs`. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const newest = (await mailsTo(to, subject)).at(-1);
    if (newest) return newest;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** The first link in a message's text part that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string) {
  const text = `${mail.text ?? ""} ${typeof mail.html === "string" ? mail.html : ""}`;
  const match = text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s"'<>)\\]]*`));
  if (!match) throw new Error(`no link starting with ${prefix} in "${mail.subject}"`);
  return match[0].replace(/&amp;/g, "&");
}
