/**
 * PostgreSQL restarted under load: the server must recover by itself within 5 s of the database
 * coming back (health 503 while it is down, then 200), no request may hang longer than the
 * pool's wait (20 s), and the live change feed must carry on (a resync, then changes again).
 * Restarts the machine's PostgreSQL cluster (pg_ctlcluster): run it alone, never beside tests.
 *
 *   npm run build
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/postgres-restart.ts [--clients=8] [--down-seconds=2]
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import pg from "pg";
import { createScratchDatabase } from "../tests/setup/templates";
import { freePort, spawnServer, tempDataDir, waitUntilHealthy } from "../tests/setup/server-process";

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=") as [string, string | undefined]));
const CLIENTS = Number(args.get("clients") ?? 8);
const DOWN_SECONDS = Number(args.get("down-seconds") ?? 2);
const POOL_WAIT_MS = 20_000;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error("Set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to the local PostgreSQL server this script may restart");

const cluster = readdirSync("/etc/postgresql")[0]!;
const pgctl = (action: "stop" | "start") => execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", cluster, "main", action], { stdio: "ignore" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const scratch = await createScratchDatabase(databaseUrl);
const server = spawnServer({ DATABASE_URL: scratch.url, DATA_DIR: tempDataDir(), LOG_LEVEL: "fatal", PORT: String(await freePort()) });
const t0 = performance.now();
const now = () => (performance.now() - t0) / 1000;

try {
  await waitUntilHealthy(server, 120_000);

  // A page's live feed: reconnects as a browser does, with Last-Event-ID.
  const feed: { at: number; event: string; data: string }[] = [];
  let feedOpen = true;
  const feedLoop = (async () => {
    let lastId = "";
    while (feedOpen) {
      try {
        const response = await fetch(`${server.url}/api/events`, { headers: lastId ? { "last-event-id": lastId } : {} });
        const reader = response.body!.getReader();
        let buffer = "";
        while (feedOpen) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += new TextDecoder().decode(value);
          for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const field = (name: string) => block.split("\n").find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? "";
            if (field("id")) lastId = field("id");
            if (field("event")) feed.push({ at: now(), event: field("event"), data: field("data") });
          }
        }
        if (feedOpen) reader.cancel().catch(() => {});
      } catch {
        // the server closed the stream or refused: retry as EventSource would
      }
      await sleep(2_000);
    }
  })();

  // Load: pages that read the database, and the health check, all the time.
  const requests: { at: number; path: string; status: number; seconds: number }[] = [];
  let loading = true;
  const paths = ["/stanwood", "/adopt-hive", "/blog", "/api/health"];
  const load = Array.from({ length: CLIENTS }, async (_, i) => {
    for (let n = 0; loading; n++) {
      const path = paths[(i + n) % paths.length]!;
      const started = performance.now();
      const status = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(60_000) })
        .then(async (response) => (await response.arrayBuffer(), response.status))
        .catch(() => 0);
      requests.push({ at: now(), path, status, seconds: (performance.now() - started) / 1000 });
      if (status !== 200) await sleep(100);
    }
  });

  await sleep(2_000);
  const stoppedAt = now();
  pgctl("stop");
  await sleep(DOWN_SECONDS * 1000);
  pgctl("start");
  const backAt = now();
  let healthyAt = Number.NaN;
  while (now() - backAt < 30) {
    const status = await fetch(`${server.url}/api/health`).then((r) => r.status).catch(() => 0);
    if (status === 200) {
      healthyAt = now();
      break;
    }
    await sleep(100);
  }
  await sleep(2_000);
  loading = false;
  await Promise.all(load);

  // After the restart, a change reaches the open feed again.
  const sql = new pg.Client({ connectionString: scratch.url });
  await sql.connect();
  const changeFrom = feed.length;
  await sql.query("insert into menu_items (label, path, display_order) values ('After the restart', '/after-restart', 99)");
  await sql.end();
  const changeDeadline = performance.now() + 10_000;
  while (!feed.slice(changeFrom).some((e) => e.event === "change" && e.data.includes("menu_items")) && performance.now() < changeDeadline) await sleep(50);
  feedOpen = false;
  server.child.kill("SIGTERM");
  await Promise.race([feedLoop, sleep(3_000)]);

  const during = requests.filter((r) => r.at >= stoppedAt);
  const byStatus = new Map<number, number>();
  for (const r of during) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  const slowest = Math.max(...requests.map((r) => r.seconds));
  const healthDown = requests.filter((r) => r.path === "/api/health" && r.status === 503).length;
  const resynced = feed.some((e) => e.event === "resync" && e.at >= stoppedAt);
  const changeAfter = feed.slice(changeFrom).some((e) => e.event === "change" && e.data.includes("menu_items"));
  const recovery = healthyAt - backAt;

  console.log(`\nPostgreSQL stopped for ${DOWN_SECONDS} s under ${CLIENTS} clients\n`);
  console.log("| figure | value |\n|---|---:|");
  console.log(`| requests from the stop on, by status | ${[...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s || "no answer"}: ${n}`).join(", ")} |`);
  console.log(`| health answers 503 while down | ${healthDown} |`);
  console.log(`| healthy again after PostgreSQL was back (s) | ${recovery.toFixed(2)} |`);
  console.log(`| slowest request (s) | ${slowest.toFixed(2)} |`);
  console.log(`| feed: resync after the restart | ${resynced ? "yes" : "no"} |`);
  console.log(`| feed: a change after the restart arrives | ${changeAfter ? "yes" : "no"} |`);
  const ok = recovery <= 5 && slowest * 1000 <= POOL_WAIT_MS && healthDown > 0 && changeAfter && !byStatus.has(0);
  console.log(`\n${ok ? "OK" : "FAILED"}: recovered in ≤ 5 s, no request over ${POOL_WAIT_MS / 1000} s, the feed carried on`);
  process.exitCode = ok ? 0 : 1;
} finally {
  server.child.kill("SIGKILL");
  try {
    pgctl("start");
  } catch {
    // already running
  }
  await scratch.drop().catch(() => {});
}
