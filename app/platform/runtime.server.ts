import { sql } from "drizzle-orm";
import path from "node:path";
import { openDatabase, type Database, type DatabaseHandle } from "./db/client.server";
import { runMigrations } from "./db/migrate.server";
import { ReadCaches } from "./db/read-caches.server";
import { startFromTemplate } from "./db/pglite-template.server";
import { seedIfFirstStart } from "./db/seed/seed.server";
import { env as readEnv, type Env } from "./env.server";
import { createLogger, type Logger } from "./logger.server";
import { createTransport } from "./mail/transport.server";
import { MailWorker } from "./mail/worker.server";
import { createSmsTransport } from "./sms/transport.server";
import { SmsWorker } from "./sms/worker.server";
import { ChangeFeed } from "./realtime/change-feed.server";
import { resolveAuthSecret } from "./security/auth-secret.server";
import { systemClock, type Clock } from "./clock";
import { configurePasswordHashing } from "./security/password-hash.server";
import { createStorage, type FileStorage } from "./storage/storage.server";

/** Everything a running server holds: configuration, logger, database, live feed, mail worker. */
export type Platform = {
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  db: Database;
  changes: ChangeFeed;
  /** Database reads kept in memory until a table they read changes (the signed-in state of a session…). */
  readCaches: ReadCaches;
  mail: MailWorker;
  /** Delivers the text messages (sign-in codes) of the SMS outbox. */
  sms: SmsWorker;
  /** Uploaded images: local disk, or an S3-compatible bucket. */
  storage: FileStorage;
  /** The features' scheduled work (calendar sync…), stopped with the platform. */
  workers: BackgroundWorker[];
  /** Signs session cookies and encrypts 2FA secrets. */
  authSecret: string;
  /** The time for TOTP steps and the second-factor window (the system clock, except in tests). */
  clock: Clock;
};

export type PlatformOptions = {
  /** Tests move time forward instead of waiting for it. */
  clock?: Clock;
  /** Starts the features' scheduled work once the platform is up (the entry module passes it: platform/ knows no features). */
  startWorkers?: (platform: Platform) => BackgroundWorker[];
  /**
   * Starts the mail worker and the scheduled work this long after the platform is up instead of
   * at once. `npm start` waits a moment so that a restart serves its first pages before it
   * catches up on mail and schedules: on the embedded database they would queue behind it.
   */
  backgroundStartDelayMs?: number;
};

export type BackgroundWorker = { name: string; stop(): Promise<void> };

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/** Background work a platform has not started yet (see backgroundStartDelayMs): closing cancels it. */
const pendingBackgroundStarts = new WeakMap<Platform, NodeJS.Timeout>();

const globalKey = Symbol.for("apiary.platform");
type Holder = { [globalKey]?: Promise<Platform> };
const holder = globalThis as Holder;

/**
 * Opens the database (embedded or PostgreSQL), migrates it, loads demo data on the first
 * start, and starts the change feed and the mail worker. Each call is a platform of its own,
 * so one process can run several servers (the browser tests do); the server hands it to every
 * request through the load context.
 */
export function createPlatform(env: Env, logger: Logger = createLogger(env.LOG_LEVEL), options: PlatformOptions = {}): Promise<Platform> {
  return boot(env, logger, options);
}

/**
 * The development server's platform (react-router dev has no load context of ours): started by
 * the first request with `start` (the features' own start, passed in: platform/ knows no
 * features) and kept on globalThis, so module reloads reuse one instance.
 */
export function getPlatform(start: (env: Env) => Promise<Platform> = createPlatform): Promise<Platform> {
  holder[globalKey] ??= start(readEnv()).catch((error: unknown) => {
    delete holder[globalKey];
    throw error;
  });
  return holder[globalKey];
}

export async function closePlatform(platform: Platform) {
  clearTimeout(pendingBackgroundStarts.get(platform));
  // Each step runs even if an earlier one failed (say, the database is already gone).
  const steps: [string, () => Promise<void>][] = [
    ["mail worker", () => platform.mail.stop()],
    ["sms worker", () => platform.sms.stop()],
    ...platform.workers.map((worker): [string, () => Promise<void>] => [worker.name, () => worker.stop()]),
    ["read caches", async () => platform.readCaches.stop()],
    ["change feed", () => platform.changes.stop()],
    ["database", () => platform.database.close()],
  ];
  for (const [name, stop] of steps) {
    await stop().catch((error: unknown) => platform.logger.warn({ err: error }, `error while stopping the ${name}`));
  }
}

async function boot(env: Env, logger: Logger, options: PlatformOptions): Promise<Platform> {
  configurePasswordHashing(env);
  const engine = env.DATABASE_URL ? "postgres" : "pglite";
  const changes = new ChangeFeed(logger);
  let database: DatabaseHandle;
  try {
    if (engine === "pglite" && env.DATA_DIR !== "memory://" && startFromTemplate(env.DATA_DIR)) logger.info("new embedded database, copied from the build's template");
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolMax: env.DATABASE_POOL_MAX,
      onListenerState: (state, error) => {
        if (state === "connected") logger.info("database change listener reconnected");
        else logger.warn({ err: error }, "database change listener lost its connection; reconnecting");
      },
    });
  } catch (error) {
    throw new DatabaseUnavailableError(describeConnectionFailure(env, error));
  }
  await runMigrations(database);
  if (await seedIfFirstStart(database.db)) logger.info("loaded the demo data into the new database");
  await changes.start(database);
  const transport = createTransport({
    smtpUrl: env.SMTP_URL,
    dataDir: env.DATA_DIR,
    from: env.MAIL_FROM,
    logger,
  });
  const mail = new MailWorker({ handle: database, transport, logger });
  const sms = new SmsWorker({ handle: database, transport: createSmsTransport({ smsUrl: env.SMS_URL, from: env.SMS_FROM, dataDir: env.DATA_DIR, logger }), logger });
  logger.info(
    { engine, dataDir: engine === "pglite" ? path.resolve(env.DATA_DIR) : undefined },
    `database ready (${engine === "pglite" ? "embedded PGlite" : "PostgreSQL"})`,
  );
  const platform: Platform = { env, logger, database, db: database.db, changes, readCaches: new ReadCaches(database, changes), mail, sms, storage: createStorage(env), workers: [], authSecret: resolveAuthSecret(env, logger), clock: options.clock ?? systemClock };
  const startBackground = () => {
    pendingBackgroundStarts.delete(platform);
    void mail.start();
    void sms.start();
    platform.workers.push(...(options.startWorkers?.(platform) ?? []));
  };
  if (options.backgroundStartDelayMs) pendingBackgroundStarts.set(platform, setTimeout(startBackground, options.backgroundStartDelayMs).unref());
  else startBackground();
  return platform;
}

/** Drizzle wraps driver errors ("Failed query: …"); the driver's own message says what went wrong. */
function rootCauseMessage(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause) e = e.cause;
  if (e instanceof AggregateError && e.errors[0]) e = e.errors[0];
  if (e instanceof Error) return e.message || (e as { code?: string }).code || e.name;
  return String(e);
}

function describeConnectionFailure(env: Env, error: unknown) {
  const reason = rootCauseMessage(error);
  if (!env.DATABASE_URL) return `Cannot open the embedded database in DATA_DIR (${path.resolve(env.DATA_DIR)}): ${reason}`;
  const url = new URL(env.DATABASE_URL);
  return `Cannot connect to the database at DATABASE_URL (${url.hostname}:${url.port || 5432}${url.pathname}): ${reason}`;
}

/** For the health check: one round trip to the database. */
export async function pingDatabase(db: Database) {
  await db.execute(sql`select 1`);
}
