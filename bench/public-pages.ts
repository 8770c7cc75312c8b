/**
 * Public pages against a static file server: the app (one process, its page cache warm) and, in
 * the same run, nginx (Debian's package) serving the very same bytes, gzip-compressed ahead of
 * time as the app's are. autocannon, 50 connections, `Accept-Encoding: gzip`, for /, /stanwood
 * and /blog; then a fingerprinted bundle and og-card.png, from both; then, not cacheable, a
 * signed-in customer's portal (/adopt-hive-signup) and profile (/sponsor-profile), from the app
 * run as deployed (NODE_ENV=production). Prints requests/s, p50/p99 and the ratio, and for the
 * signed-in pages the app's CPU time a request (its process and workers, from /proc).
 * Targets: cached pages >= 0.3 x nginx with p99 <= 50 ms; the portal >= 400 requests/s on PostgreSQL.
 *
 *   npm run build
 *   npx tsx bench/public-pages.ts                                        # embedded database
 *   BENCH_DATABASE_URL=postgres://user@host/db npx tsx bench/public-pages.ts --engine=postgres
 * Options: --duration=10 (seconds per run) --connections=50 --workers=1 (WEB_CONCURRENCY, PostgreSQL only)
 * Needs nginx (`apt-get install nginx-light`).
 */
import autocannon from "autocannon";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createScratchDatabase } from "../tests/setup/templates";
import { freePort, spawnServer, tempDataDir, waitUntilHealthy } from "../tests/setup/server-process";

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string]));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const engine = (args.engine ?? "pglite") as "postgres" | "pglite";
const DURATION = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 50);
/** WEB_CONCURRENCY for the app (PostgreSQL only): on a two-core machine the load generator takes one core. */
const WORKERS = Number(args.workers ?? 1);
const PAGES = ["/", "/stanwood", "/blog"];
/** The customer portal and the customer's own profile: rendered for each request. */
const SIGNED_IN_PAGES = ["/adopt-hive-signup", "/sponsor-profile"];
const GZIP = { "accept-encoding": "gzip" };

type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number };

async function load(url: string, headers: Record<string, string> = GZIP): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx, total: result.requests.total };
}

/**
 * CPU seconds used so far by a process and its children (the workers), from /proc; undefined
 * where there is none. Divided by the requests answered, it says what a page costs whatever
 * else the machine runs (here the load generator shares the two cores with the app).
 */
function cpuSecondsOfTree(rootPid: number): number | undefined {
  if (!existsSync("/proc/self/stat")) return undefined;
  const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // The command name may hold spaces and brackets: the fields start after its last ')'.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    stats.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  const inTree = (pid: number): boolean => pid === rootPid || (pid > 1 && stats.has(pid) && inTree(stats.get(pid)!.parent));
  let ticks = 0;
  for (const [pid, stat] of stats) if (inTree(pid)) ticks += stat.ticks;
  return ticks / ticksPerSecond;
}

async function startApp() {
  const port = await freePort();
  const env: Record<string, string> = {
    // As deployed: the test servers' settings (NODE_ENV=test) would run React's development build.
    NODE_ENV: "production",
    PASSWORD_HASH_LOG_N: "17",
    CALENDAR_FETCH_ALLOW_LOOPBACK: "false",
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    DATA_DIR: tempDataDir(),
    AUTH_SECRET: randomBytes(32).toString("base64url"),
  };
  let drop = async () => {};
  if (engine === "postgres") {
    if (!databaseUrl) throw new Error("Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) for --engine=postgres");
    const scratch = await createScratchDatabase(databaseUrl);
    env.DATABASE_URL = scratch.url;
    drop = () => scratch.drop();
    env.WEB_CONCURRENCY = String(WORKERS);
  } else if (WORKERS !== 1) {
    throw new Error("--workers needs --engine=postgres: the embedded database belongs to one process");
  }
  const server = spawnServer(env);
  await waitUntilHealthy(server, 120_000);
  return {
    url: server.url,
    pid: server.child.pid!,
    stop: async () => {
      server.child.kill("SIGTERM");
      await server.exited;
      await drop();
    },
  };
}

/** nginx on a port of its own, serving `files` (path → bytes) with gzip_static, as a CDN edge would. */
async function startNginx(files: Map<string, Buffer>) {
  const root = mkdtempSync(path.join(tmpdir(), "apiary-nginx-"));
  // Started as root, nginx reads the files as its unprivileged worker user.
  chmodSync(root, 0o755);
  const port = await freePort();
  for (const [urlPath, body] of files) {
    const file = path.join(root, "site", urlPath === "/" ? "index.html" : `${urlPath.slice(1)}/index.html`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
  const config = `
worker_processes auto;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  default_type text/html;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${root}/tmp; proxy_temp_path ${root}/tmp; fastcgi_temp_path ${root}/tmp; uwsgi_temp_path ${root}/tmp; scgi_temp_path ${root}/tmp;
  server {
    listen 127.0.0.1:${port};
    root ${root}/site;
    gzip_static on;
    location / { try_files $uri/index.html =404; }
  }
}`;
  writeFileSync(path.join(root, "nginx.conf"), config);
  mkdirSync(path.join(root, "tmp"));
  const child: ChildProcess = spawn("nginx", ["-c", path.join(root, "nginx.conf"), "-g", "daemon off;"], { stdio: "inherit" });
  for (let i = 0; i < 50; i += 1) {
    if (await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGQUIT");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(root, { recursive: true, force: true });
  };
  // The same bytes, compressed ahead of time, or the comparison says nothing.
  for (const [urlPath, body] of files) {
    const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, { headers: GZIP });
    const encoding = response.headers.get("content-encoding");
    if (!response.ok || encoding !== "gzip" || !Buffer.from(await response.arrayBuffer()).equals(body)) {
      await stop();
      throw new Error(`nginx does not serve ${urlPath} as the app does (${response.status}, content-encoding ${encoding})`);
    }
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

async function signUp(url: string) {
  const response = await fetch(`${url}/customer-auth`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signup", email: `bench-${Date.now()}@example.com`, password: "Bench-Honey-Comb-2026", redirectTo: "/" }),
  });
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (response.status !== 302 || !cookie.includes("session_token")) throw new Error(`sign-up answered ${response.status}`);
  return cookie;
}

const row = (name: string, f: Figures, extra = "") =>
  `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms${f.errors || f.non2xx ? `   errors ${f.errors}, non-2xx ${f.non2xx}` : ""}${extra}`;

const app = await startApp();
try {
  // The bytes the app serves (rendered once; identity body for nginx to compress the same way).
  const files = new Map<string, Buffer>();
  for (const page of PAGES) {
    // Each worker keeps pages of its own, and requests go to them in turn: ask until one answers from its cache.
    let response: Response | undefined;
    for (let asked = 0; asked <= 2 * WORKERS && response?.headers.get("x-page-cache") !== "hit"; asked += 1) {
      response = await fetch(`${app.url}${page}`, { headers: { "accept-encoding": "identity" } });
      if (response.headers.get("x-page-cache") !== "hit") await response.arrayBuffer();
    }
    if (response?.headers.get("x-page-cache") !== "hit") throw new Error(`${page} is not served from the page cache`);
    files.set(page, Buffer.from(await response.arrayBuffer()));
  }
  // A fingerprinted bundle and the sharing card: nginx serves them too, so the figures say what
  // this machine and this client can do with files of that size.
  const stanwood = await (await fetch(`${app.url}/stanwood`)).text();
  const bundle = /\/assets\/entry\.client-[^"]+\.js/.exec(stanwood)?.[0] ?? /\/assets\/[^"]+\.js/.exec(stanwood)![0];
  for (const file of [bundle, "/og-card.png"]) {
    files.set(file, Buffer.from(await (await fetch(`${app.url}${file}`, { headers: { "accept-encoding": "identity" } })).arrayBuffer()));
  }
  const nginx = await startNginx(files);
  console.log(`Public pages, ${engine === "postgres" ? "PostgreSQL" : "embedded database"}, ${WORKERS === 1 ? "one app process" : `${WORKERS} app processes (WEB_CONCURRENCY)`}; ${CONNECTIONS} connections, ${DURATION} s each, gzip\n`);
  try {
    for (const page of PAGES) {
      const ofNginx = await load(`${nginx.url}${page}`);
      const ofApp = await load(`${app.url}${page}`);
      const ratio = ofApp.rps / ofNginx.rps;
      console.log(row(`nginx ${page} (${(files.get(page)!.length / 1024).toFixed(0)} KB)`, ofNginx));
      console.log(row(`app   ${page}`, ofApp, `   ratio ${ratio.toFixed(2)} (target >= 0.30)${ofApp.p99 <= 50 ? "" : "  p99 over 50 ms"}`));
    }
    console.log("");
    // The bundle as gzip from both (the app would send brotli to a browser that takes it); the image as it is.
    for (const [file, headers] of [[bundle, GZIP], ["/og-card.png", {}]] as const) {
      const name = file.length > 28 ? `${file.slice(0, 27)}…` : file;
      const ofNginx = await load(`${nginx.url}${file}`, headers);
      const ofApp = await load(`${app.url}${file}`, headers);
      console.log(row(`nginx ${name} (${(files.get(file)!.length / 1024).toFixed(0)} KB)`, ofNginx));
      console.log(row(`app   ${name}`, ofApp, `   ratio ${(ofApp.rps / ofNginx.rps).toFixed(2)}`));
    }
  } finally {
    await nginx.stop();
  }

  const cookie = await signUp(app.url);
  console.log("");
  for (const page of SIGNED_IN_PAGES) {
    // Unmeasured first: the page's code is still being compiled by V8 in its first seconds.
    await autocannon({ url: `${app.url}${page}`, connections: CONNECTIONS, duration: 3, headers: { ...GZIP, cookie } });
    const cpuBefore = cpuSecondsOfTree(app.pid);
    const figures = await load(`${app.url}${page}`, { ...GZIP, cookie });
    const cpuAfter = cpuSecondsOfTree(app.pid);
    const perRequestMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1000) / figures.total;
    const cost = perRequestMs === undefined ? "" : `   CPU ${perRequestMs.toFixed(1)} ms a request (${(1000 / perRequestMs).toFixed(0)} req/s a core)`;
    console.log(row(`app   ${page} (signed in)`, figures, `${cost}${engine === "postgres" ? "   (target >= 400 req/s)" : ""}`));
  }
} finally {
  await app.stop();
}
