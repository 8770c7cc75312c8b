/**
 * Booking throughput: the real booking endpoint (POST /api/bookings, as the Reserve Your Dates
 * widget sends it) driven over HTTP by autocannon as many signed-in customers spread over many
 * assets and dates, compared with plain-SQL inserts into the same table in the same run.
 * Prints bookings/s, p50/p99 latency, the ratio to the raw insert rate, and checks that no two
 * stays overlap afterwards. Target: ratio 0.2 or better on PostgreSQL.
 *
 *   npm run build
 *   BENCH_DATABASE_URL=postgres://user@host/db npx tsx bench/bookings.ts   # PostgreSQL (a scratch database is created in it)
 *   npx tsx bench/bookings.ts --engine=pglite                              # embedded, in-process
 * Options: --duration=10 (seconds per phase) --connections=16 --users=150 --assets=60
 */
import "../server/production-mode";
import autocannon from "autocannon";
import { randomBytes, randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../app/platform/db/client.server";
import { parseEnv } from "../app/platform/env.server";
import { startServer } from "../server/start";
import { createScratchDatabase } from "../tests/setup/templates";
import { freePort, spawnServer, tempDataDir, waitUntilHealthy } from "../tests/setup/server-process";

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string]));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const engine = (args.engine ?? (databaseUrl ? "postgres" : "pglite")) as "postgres" | "pglite";
const DURATION = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 16);
const USERS = Number(args.users ?? 150);
const ASSETS = Number(args.assets ?? 60);
const HORIZON_DAYS = 700;

type Target = { url: string; db: Database; stop: () => Promise<void> };

async function startTarget(): Promise<Target> {
  const port = await freePort();
  const env = {
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "error",
    TRUST_PROXY_HOPS: "1",
    DATA_DIR: tempDataDir(),
    AUTH_SECRET: randomBytes(32).toString("base64url"),
  };
  if (engine === "postgres") {
    if (!databaseUrl) throw new Error("Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL database for --engine=postgres");
    const scratch = await createScratchDatabase(databaseUrl);
    // The server runs in its own process, as in production; this process only drives it.
    const server = spawnServer({ ...env, DATABASE_URL: scratch.url });
    await waitUntilHealthy(server);
    const handle = await openDatabase({ databaseUrl: scratch.url, poolMax: CONNECTIONS });
    return {
      url: server.url,
      db: handle.db,
      stop: async () => {
        server.child.kill("SIGTERM");
        await server.exited;
        await handle.close();
        await scratch.drop();
      },
    };
  }
  // PGlite can be opened by one process only: the server runs in this process.
  const running = await startServer(parseEnv({ ...env, HOST: "127.0.0.1" }));
  return { url: running.url, db: running.platform.db, stop: () => running.close() };
}

async function rows<T>(db: Database, text: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: T[] };
  return result.rows;
}

async function seedAssets(db: Database) {
  const [location] = await rows<{ id: string }>(db, `insert into locations (name, address) values ('Bench Lake ${Date.now()}', '1 Bench Rd') returning id`);
  const values = Array.from({ length: ASSETS }, (_, i) => `('${location!.id}', 'Bench Trailer ${i}', 'rv', 'available', 100.00)`).join(",");
  const assets = await rows<{ id: string }>(db, `insert into assets (location_id, name, type, status, price_per_night) values ${values} returning id`);
  return { locationName: `Bench Lake`, assetIds: assets.map((a) => a.id) };
}

/** Signs up `USERS` customers through the real sign-up form; returns their session cookies. */
async function signUpCustomers(url: string) {
  const cookies: string[] = [];
  const one = async (i: number) => {
    const response = await fetch(`${url}/customer-auth`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: url, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.77.${i >> 8}.${i & 255}` },
      body: new URLSearchParams({ intent: "signup", email: `bench-${Date.now()}-${i}@example.com`, password: "Bench-Honey-Comb-2026", redirectTo: "/" }),
    });
    const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    if (response.status !== 302 || !cookie.includes("session_token")) throw new Error(`sign-up ${i} answered ${response.status}`);
    cookies.push(cookie);
  };
  for (let i = 0; i < USERS; i += 4) await Promise.all([i, i + 1, i + 2, i + 3].filter((n) => n < USERS).map(one));
  return cookies;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function randomStay() {
  const start = 2 + randomInt(HORIZON_DAYS);
  const nights = 1 + randomInt(3);
  return { checkInDate: day(start), checkOutDate: day(start + nights), nights };
}

async function driveEndpoint(url: string, cookies: string[], assetIds: string[]) {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: "POST",
        path: "/api/bookings",
        setupRequest: (request) => {
          const i = n++;
          const stay = randomStay();
          return {
            ...request,
            headers: {
              origin: url,
              "content-type": "application/x-www-form-urlencoded",
              cookie: cookies[i % cookies.length]!,
              "x-forwarded-for": `10.88.${(i >> 8) & 255}.${i & 255}`,
            },
            body: new URLSearchParams({
              assetId: assetIds[randomInt(assetIds.length)]!,
              checkInDate: stay.checkInDate,
              checkOutDate: stay.checkOutDate,
              guestName: "Bench Guest",
              guestEmail: "bench@example.com",
              numberOfGuests: "2",
              returnTo: "/stanwood",
            }).toString(),
          };
        },
      },
    ],
  });
  const byStatus = result.statusCodeStats as unknown as Record<string, { count: number }>;
  const count = (code: number) => byStatus[String(code)]?.count ?? 0;
  return { result, booked: count(302), conflicts: count(409), limited: count(429), errors: result.errors + result.non2xx - count(302) - count(409) - count(429) };
}

async function rawInserts(db: Database, assetIds: string[]) {
  const deadline = performance.now() + DURATION * 1000;
  let inserted = 0;
  let conflicts = 0;
  const latencies: number[] = [];
  const worker = async () => {
    while (performance.now() < deadline) {
      const stay = randomStay();
      const started = performance.now();
      try {
        await db.execute(
          sql`insert into bookings (asset_id, location, guest_name, guest_email, check_in_date, check_out_date, number_of_nights, total_amount, experience_type, status)
              values (${assetIds[randomInt(assetIds.length)]}, 'Bench Lake', 'Raw Guest', 'raw@example.com', ${stay.checkInDate}, ${stay.checkOutDate}, ${stay.nights}, ${stay.nights * 100}, 'rv', 'pending')`,
        );
        inserted++;
      } catch (error) {
        if (String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) !== "23P01") throw error;
        conflicts++;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { perSecond: inserted / DURATION, inserted, conflicts, p50: pct(50), p99: pct(99) };
}

const target = await startTarget();
try {
  console.log(`engine: ${engine}, ${DURATION}s per phase, ${CONNECTIONS} connections, ${USERS} customers, ${ASSETS} assets`);
  const { assetIds } = await seedAssets(target.db);
  const cookies = await signUpCustomers(target.url);

  const http = await driveEndpoint(target.url, cookies, assetIds);
  const raw = await rawInserts(target.db, assetIds);

  const [overlaps] = await rows<{ n: number }>(
    target.db,
    `select count(*)::int as n from bookings a join bookings b
       on a.asset_id = b.asset_id and a.id < b.id and a.status <> 'cancelled' and b.status <> 'cancelled'
      and daterange(a.check_in_date, a.check_out_date) && daterange(b.check_in_date, b.check_out_date)`,
  );
  const [stored] = await rows<{ n: number }>(target.db, `select count(*)::int as n from bookings where guest_name = 'Bench Guest'`);

  const bookingsPerSecond = http.booked / DURATION;
  console.log(`endpoint:  ${bookingsPerSecond.toFixed(1)} bookings/s (${http.booked} booked, ${http.conflicts} Dates Unavailable, ${http.limited} rate-limited, ${http.errors} other), latency p50 ${http.result.latency.p50} ms, p99 ${http.result.latency.p99} ms`);
  console.log(`raw SQL:   ${raw.perSecond.toFixed(1)} inserts/s (${raw.inserted} inserted, ${raw.conflicts} overlaps refused), latency p50 ${raw.p50.toFixed(1)} ms, p99 ${raw.p99.toFixed(1)} ms`);
  console.log(`ratio endpoint / raw: ${(bookingsPerSecond / raw.perSecond).toFixed(3)} (target ≥ 0.2 on PostgreSQL)`);
  // Requests still in flight when the clock stopped are stored but not counted as answered.
  console.log(`overlapping stays afterwards: ${overlaps?.n} (must be 0); endpoint bookings stored: ${stored?.n} (at least the ${http.booked} answered)`);
  if (overlaps?.n !== 0 || (stored?.n ?? 0) < http.booked) process.exitCode = 1;
} finally {
  await target.stop();
}
