import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";

/** What the worker hands to a transport: one claimed outbox row. */
export type OutgoingSms = { id: number; idempotencyKey: string; to: string; body: string };

export interface SmsTransport {
  readonly kind: "http" | "file";
  send(sms: OutgoingSms, options?: { signal?: AbortSignal }): Promise<void>;
}

/** The provider refused the text for good (a 4xx other than 408/429): retrying will not help. */
export class SmsRejectedError extends Error {
  override name = "SmsRejectedError";
}

export type SmsTransportOptions = { smsUrl?: string; from: string; dataDir: string; logger: Logger };

export function createSmsTransport(options: SmsTransportOptions): SmsTransport {
  return options.smsUrl ? httpTransport(options.smsUrl, options.from) : fileTransport(options);
}

/**
 * Twilio's Messages API: a form post of To, From and Body to
 * `https://api.twilio.com/2010-04-01/Accounts/{AccountSid}/Messages.json`, with the account SID
 * and auth token as basic auth. They are written into SMS_URL as its user and password, and
 * taken out of the address here (fetch refuses credentials in a URL) into the header.
 * `From` starting with "MG" is a Messaging Service, sent as `MessagingServiceSid`.
 */
function httpTransport(smsUrl: string, from: string): SmsTransport {
  const url = new URL(smsUrl);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = "";
  url.password = "";
  const endpoint = url.toString();
  const authorization = user ? `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` : undefined;
  return {
    kind: "http",
    async send(sms, { signal } = {}) {
      const form = new URLSearchParams({ To: sms.to, Body: sms.body });
      form.set(/^MG[0-9a-f]{32}$/i.test(from) ? "MessagingServiceSid" : "From", from);
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
          // Lets a provider that honours it drop a second post of the same text.
          "idempotency-key": sms.idempotencyKey,
          ...(authorization ? { authorization } : {}),
        },
        body: form,
        signal: signal ?? AbortSignal.timeout(20_000),
        redirect: "error",
      });
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const detail = (await response.text().catch(() => "")).slice(0, 300);
      const message = `SMS provider answered ${response.status}${detail ? `: ${detail}` : ""}`;
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429;
      throw permanent ? new SmsRejectedError(message) : new Error(message);
    },
  };
}

/** No provider: each text becomes a file in DATA_DIR/sms, to read by hand in development. */
function fileTransport({ dataDir, logger }: SmsTransportOptions): SmsTransport {
  const dir = path.resolve(dataDir, "sms");
  return {
    kind: "file",
    async send(sms) {
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${sms.id}.txt`);
      await writeFile(file, `To: ${sms.to}\n\n${sms.body}\n`, { flag: "wx" });
      logger.info({ smsId: sms.id, file }, `text message written to ${file}`);
    },
  };
}
