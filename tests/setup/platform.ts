import pino from "pino";
import type { Actor } from "~/features/accounts/actor";
import type { BackOfficeContext } from "~/features/back-office/context";
import { parseEnv } from "~/platform/env.server";
import { createTransport } from "~/platform/mail/transport.server";
import { MailWorker } from "~/platform/mail/worker.server";
import { createSmsTransport } from "~/platform/sms/transport.server";
import { SmsWorker } from "~/platform/sms/worker.server";
import { ReadCaches } from "~/platform/db/read-caches.server";
import { ChangeFeed } from "~/platform/realtime/change-feed.server";
import type { Platform } from "~/platform/runtime.server";
import { createStorage } from "~/platform/storage/storage.server";
import type { TestDatabase } from "./databases";
import { TestClock } from "./test-clock";
import { testServerSettings } from "./test-settings";

/**
 * A platform over a test database, for calling feature commands directly. The mail worker is
 * built but not started: tests read the outbox table, or start it themselves.
 */
export function createTestPlatform(t: TestDatabase, env: Record<string, string> = {}): Platform & { clock: TestClock } {
  const parsed = parseEnv({ APP_URL: "http://127.0.0.1:3999", DATA_DIR: "memory://", LOG_LEVEL: "silent", ...testServerSettings, ...env });
  const logger = pino({ level: "silent" });
  const transport = createTransport({ dataDir: "memory://", from: parsed.MAIL_FROM, logger });
  const changes = new ChangeFeed(logger);
  return {
    env: parsed,
    logger,
    database: t,
    db: t.db,
    changes,
    // Not started, the change feed hears nothing: the caches hear of the test's own writes.
    readCaches: new ReadCaches(t, changes),
    mail: new MailWorker({ handle: t, transport, logger }),
    // Built, not started, like the mail worker: tests read sms_outbox, or drain it themselves.
    sms: new SmsWorker({ handle: t, transport: createSmsTransport({ smsUrl: parsed.SMS_URL, from: parsed.SMS_FROM, dataDir: "memory://", logger }), logger, baseDelayMs: 0 }),
    storage: createStorage(parsed),
    // None started: tests call syncImport / syncDueImports themselves.
    workers: [],
    authSecret: "test-secret-that-is-long-enough-for-hmac-0123456789",
    // Still, so a TOTP code a test computes is checked in the same 30-second step.
    clock: new TestClock({ frozenAt: Date.now() }),
  };
}

/** What a browser request from 203.0.113.7 looks like to the account commands. */
export function testMeta(address = "203.0.113.7") {
  const headers = new Headers({ "user-agent": "vitest", origin: "http://127.0.0.1:3999", "x-apiary-client-address": address });
  return { headers, clientAddress: address, userAgent: "vitest" };
}

/**
 * A feature test's `as(actor)`: what a back-office query or command is given when `actor` asks
 * from `address`. The platform is read at each call, as the test's beforeAll makes it.
 */
export function actingAs(platform: () => Platform, address?: string) {
  return (actor: Actor): BackOfficeContext => {
    const current = platform();
    // Signed in a moment ago: a change that asks for a fresh proof of who they are goes ahead.
    const session = actor.kind === "anonymous" ? undefined : { id: `session-of-${actor.userId}`, token: "", userId: actor.userId, createdAt: new Date(current.clock.now()) };
    return { platform: current, actor, meta: testMeta(address), session };
  };
}

/** The Cookie header a browser would send back after receiving these Set-Cookie headers. */
export function cookieOf(headers: Headers) {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
