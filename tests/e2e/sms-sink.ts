import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { MAILBOX_PORT } from "./mailbox";

/**
 * The browser tests' stand-in for the SMS provider: a real HTTP server (started by the Playwright
 * run, see global-setup.ts) taking Twilio's Messages API form posts, as the app under test sends
 * them (SMS_URL in test-server.ts). Each text is written to E2E_SMS_DIR, one folder per number,
 * where tests read it.
 */
export const SMS_PORT = Number(process.env.E2E_SMS_PORT ?? MAILBOX_PORT + 2);
export const SMS_ACCOUNT = { sid: "AC00000000000000000000000000000e2e", token: "e2e-auth-token" };
export const SMS_URL = `http://${SMS_ACCOUNT.sid}:${SMS_ACCOUNT.token}@127.0.0.1:${SMS_PORT}/2010-04-01/Accounts/${SMS_ACCOUNT.sid}/Messages.json`;

export async function startSmsSink(dir: string) {
  mkdirSync(dir, { recursive: true });
  const expected = `Basic ${Buffer.from(`${SMS_ACCOUNT.sid}:${SMS_ACCOUNT.token}`).toString("base64")}`;
  let n = 0;
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      if (request.method !== "POST" || request.headers.authorization !== expected) {
        response.writeHead(401, { "content-type": "application/json" }).end('{"message":"Authenticate"}');
        return;
      }
      const form = new URLSearchParams(body);
      const to = form.get("To") ?? "";
      const folder = path.join(dir, encodeURIComponent(to));
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, `${Date.now()}-${++n}.txt`), form.get("Body") ?? "");
      response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ sid: `SM${n}`, status: "queued" }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(SMS_PORT, "127.0.0.1", () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Every text so far to `to` (E.164), oldest first. */
export function textsTo(to: string): string[] {
  const folder = path.join(process.env.E2E_SMS_DIR!, encodeURIComponent(to));
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .map((file) => readFileSync(path.join(folder, file), "utf8"));
}

/** Waits for the `count`th text to `to` and answers the 6-digit code it starts with. */
export async function waitForTextCode(to: string, count = 1, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const texts = textsTo(to);
    if (texts.length >= count) return /^(\d{6})\b/.exec(texts[count - 1]!)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no text to ${to} within ${timeoutMs} ms`);
}
