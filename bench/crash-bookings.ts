/**
 * A crash in the middle of taking bookings: 16 signed-in customers book stays as fast as the
 * server answers, the server is killed with SIGKILL, then started again. Afterwards every
 * booking that got a success answer must exist, and every stored booking's confirmation must be
 * delivered, at most once (counted by Message-ID at an in-process SMTP server; docs/deployment.md,
 * "Mail after a crash", says what "at most once" rests on).
 *
 *   npm run build
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/crash-bookings.ts [--clients=16] [--load-seconds=4] [--rounds=3]
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startSmtpSink } from "../tests/setup/smtp-sink";
import { createScratchDatabase } from "../tests/setup/templates";
import { cookieOf } from "../tests/setup/platform";
import { freePort, postForm, spawnServer, tempDataDir, waitUntilHealthy, type ServerProcess } from "../tests/setup/server-process";

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=") as [string, string | undefined]));
const CLIENTS = Number(args.get("clients") ?? 16);
const LOAD_SECONDS = Number(args.get("load-seconds") ?? 4);
const ROUNDS = Number(args.get("rounds") ?? 3);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error("Set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL server: a scratch database is made in it");

const PUBLIC = "http://apiary.test";
const PASSWORD = "Hive-Meadow-Lantern-31";
const DAY = 86_400_000;

const scratch = await createScratchDatabase(databaseUrl);
const sink = await startSmtpSink();
const sql = new pg.Client({ connectionString: scratch.url });
const env = {
  DATABASE_URL: scratch.url,
  DATA_DIR: tempDataDir(),
  APP_URL: PUBLIC,
  AUTH_SECRET: randomBytes(32).toString("base64url"),
  SMTP_URL: sink.url,
  MAIL_FROM: "Apiary <hello@apiary.test>",
  TRUST_PROXY_HOPS: "1",
  LOG_LEVEL: "error",
  PORT: String(await freePort()),
};

async function start() {
  const server = spawnServer(env);
  await waitUntilHealthy(server, 120_000);
  return server;
}

const post = (server: ServerProcess, route: string, fields: Record<string, string>, cookie?: string, from?: string) =>
  postForm(`${server.url}${route}`, fields, { origin: PUBLIC, cookie, from });

type Success = { email: string; checkIn: string };

try {
  let server = await start();
  await sql.connect();
  const [{ id: assetId }] = (await sql.query<{ id: string }>("select id from assets limit 1")).rows as [{ id: string }];

  const customers = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const email = `crash-${i}-${Date.now()}@example.com`;
      const response = await post(server, "/customer-auth", { intent: "signup", email, password: PASSWORD }, undefined, `198.51.100.${i + 1}`);
      return { email, cookie: cookieOf(response.headers) };
    }),
  );

  const successes: Success[] = [];
  let sent = 0;
  let lost = 0;
  const recoveries: number[] = [];
  const firstDay = Date.now() + 10 * DAY;
  const nightsPerClient = Math.floor(700 / CLIENTS);
  const next = new Array<number>(CLIENTS).fill(0);

  for (let round = 0; round < ROUNDS; round++) {
    let stop = false;
    const clients = customers.map(async (customer, i) => {
      while (!stop) {
        // Each client books one night after another in its own stretch of the calendar.
        const offset = i * nightsPerClient + next[i]!;
        if (next[i]! >= nightsPerClient - 1) return;
        next[i]! += 1;
        const checkIn = new Date(firstDay + offset * DAY).toISOString().slice(0, 10);
        const checkOut = new Date(firstDay + (offset + 1) * DAY).toISOString().slice(0, 10);
        sent++;
        const status = await post(server, "/api/bookings", { assetId, checkInDate: checkIn, checkOutDate: checkOut, guestName: `Guest ${i}`, guestEmail: customer.email, numberOfGuests: "1" }, customer.cookie)
          .then((response) => response.status)
          .catch(() => 0);
        if (status === 302) successes.push({ email: customer.email, checkIn });
        else lost++;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, LOAD_SECONDS * 1000));
    server.child.kill("SIGKILL");
    stop = true;
    await server.exited;
    await Promise.all(clients);
    const restartedAt = performance.now();
    server = await start();
    recoveries.push((performance.now() - restartedAt) / 1000);
  }

  // Rows claimed by the killed process wait out their lease (60 s), then go.
  const deadline = Date.now() + 180_000;
  while ((await sql.query("select 1 from outbox_messages where status <> 'sent'")).rowCount! > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.child.kill("SIGTERM");
  await server.exited;

  const stored = (
    await sql.query<{ email: string; check_in: string; id: string }>(
      "select u.email, to_char(b.check_in_date, 'YYYY-MM-DD') as check_in, b.id from bookings b join users u on u.id = b.user_id",
    )
  ).rows;
  const storedKeys = new Set(stored.map((row) => `${row.email} ${row.check_in}`));
  const missing = successes.filter((s) => !storedKeys.has(`${s.email} ${s.checkIn}`));
  const confirmations = (
    await sql.query<{ key: string; status: string }>("select idempotency_key as key, status from outbox_messages where template = 'booking-confirmation'")
  ).rows;
  const unsent = confirmations.filter((row) => row.status !== "sent");
  const byMessageId = sink.countByMessageId();
  const bookingMails = sink.received.filter((mail) => /Your booking request/.test(mail.subject ?? ""));
  const distinct = new Set(bookingMails.map((mail) => mail.messageId));
  const duplicates = [...byMessageId.values()].filter((n) => n > 1).length;

  console.log(`\n${ROUNDS} crashes (SIGKILL after ${LOAD_SECONDS} s of load each), ${CLIENTS} clients\n`);
  console.log("| figure | value |\n|---|---:|");
  console.log(`| booking requests sent | ${sent} |`);
  console.log(`| answered with success | ${successes.length} |`);
  console.log(`| cut off by the crash (no answer or an error) | ${lost} |`);
  console.log(`| bookings stored | ${stored.length} |`);
  console.log(`| successes missing from the database | ${missing.length} |`);
  console.log(`| confirmations queued / still unsent | ${confirmations.length} / ${unsent.length} |`);
  console.log(`| stored bookings without a queued confirmation | ${stored.length - confirmations.length} |`);
  console.log(`| booking e-mails received / distinct Message-IDs | ${bookingMails.length} / ${distinct.size} |`);
  console.log(`| Message-IDs received more than once | ${duplicates} |`);
  console.log(`| restart until healthy (s) | ${recoveries.map((s) => s.toFixed(1)).join(", ")} |`);
  const ok = missing.length === 0 && unsent.length === 0 && stored.length === confirmations.length && distinct.size === confirmations.length;
  console.log(`\n${ok ? "OK" : "FAILED"}: every success stored; every stored booking's confirmation delivered${duplicates ? `, ${duplicates} twice (same Message-ID)` : ", once"}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await sql.end().catch(() => {});
  await sink.close();
  await scratch.drop();
}
