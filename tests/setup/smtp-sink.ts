import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * How the sink answers: `accept`, or a temporary refusal at RCPT TO or after DATA (the
 * message was transferred but not taken, the case where a careless sender resends twice).
 */
export type SinkMode = "accept" | "reject-rcpt" | "reject-data";

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A real SMTP server on a random local port that keeps every message it accepted, parsed. */
export async function startSmtpSink() {
  const received: ParsedMail[] = [];
  let mode: SinkMode = "accept";
  let refused = 0;
  let delayMs = 0;
  const temporary = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // No DNS lookups for 127.0.0.1: they cost ~100 ms a connection.
    disableReverseLookup: true,
    onRcptTo(_address, _session, callback) {
      if (mode !== "reject-rcpt") return callback();
      refused++;
      callback(temporary("Mailbox temporarily unavailable", 451));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        // Any mode but accept refuses here: a message whose RCPT TO passed just before a switch to
        // reject-rcpt must not slip through as accepted in the middle of an outage.
        if (mode !== "accept") {
          refused++;
          return callback(temporary("Insufficient storage, try later", 452));
        }
        // Parsed before answering, so a message counts as received by the time the client hears "250".
        const accept = () =>
          simpleParser(Buffer.concat(chunks)).then(
            (mail) => {
              received.push(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
        if (delayMs > 0) setTimeout(accept, delayMs);
        else void accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refused() {
      return refused;
    },
    setMode(next: SinkMode) {
      mode = next;
    },
    /** Answers DATA only after this long, like a slow relay. */
    setDelay(ms: number) {
      delayMs = ms;
    },
    reset() {
      received.length = 0;
      refused = 0;
      mode = "accept";
      delayMs = 0;
    },
    /** How often each Message-ID arrived. */
    countByMessageId() {
      const counts = new Map<string, number>();
      for (const mail of received) counts.set(mail.messageId ?? "", (counts.get(mail.messageId ?? "") ?? 0) + 1);
      return counts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` until it holds; fails with `message` after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, message: string, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Timed out waiting: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}
