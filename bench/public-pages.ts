/**
 * Public pages against a static file server: the app (one process, its page cache warm) and, in
 * the same run, nginx (Debian's package, one worker) serving the very same bytes, gzip-compressed
 * ahead of time as the app's are. The load comes from wrk (1 thread, 50 connections,
 * `Accept-Encoding: gzip`) in a process of its own: a generator inside this script tops out
 * below nginx and would measure itself. First its headroom: wrk against nginx's fixed two-byte
 * answer, and against a bare Node server answering the bytes of / from memory (what one Node
 * process can do at all). Then /, /stanwood and /blog from both; a fingerprinted bundle and
 * og-card.png from both; then, not cacheable, a signed-in customer's portal (/adopt-hive-signup)
 * and profile (/sponsor-profile), from the app run as deployed (NODE_ENV=production). Prints
 * requests/s, p50/p99, the CPU time each server spent a request (its processes, from /proc) and
 * the ratios app/nginx of both: on a machine shared with other work the requests/s of either
 * server swing with what else runs, the CPU time a request much less.
 * Targets: cached pages >= 0.5 x nginx with p99 <= 50 ms; the portal >= 400 requests/s on PostgreSQL.
 *
 *   npm run build
 *   npx tsx bench/public-pages.ts                                        # embedded database
 *   BENCH_DATABASE_URL=postgres://user@host/db npx tsx bench/public-pages.ts --engine=postgres
 * Options: --duration=10 (seconds per run) --connections=50 --rounds=1 (the cached pages again,
 * for a range on a noisy machine) --workers=1 (WEB_CONCURRENCY, PostgreSQL only)
 * Needs wrk and nginx (`apt-get install wrk nginx-light`).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
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
const ROUNDS = Number(args.rounds ?? 1);
/** WEB_CONCURRENCY for the app (PostgreSQL only): on a two-core machine the load generator takes one core. */
const WORKERS = Number(args.workers ?? 1);
const PAGES = ["/", "/stanwood", "/blog"];
/** The customer portal and the customer's own profile: rendered for each request. */
const SIGNED_IN_PAGES = ["/adopt-hive-signup", "/sponsor-profile"];
const GZIP = { "accept-encoding": "gzip" };
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;

for (const [tool, install] of [
  ["wrk", "wrk"],
  ["nginx", "nginx-light"],
] as const) {
  if (spawnSync(tool, ["-v"], { stdio: "ignore" }).error) {
    console.error(`${tool} is not installed: apt-get install ${install}`);
    process.exit(1);
  }
}

/** `cpuUs`: the CPU time the server's processes spent a request (microseconds), whatever else ran on the machine. */
type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number; cpuUs: number | undefined };
/** A server under test: where it listens, and its process (CPU time is read from /proc). */
type Server = { url: string; pid: number };

/** wrk prints its figures as one line of JSON at the end (latencies in microseconds). */
const WRK_REPORT = String.raw`
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("\nFIGURES {\"requests\":%d,\"us\":%d,\"p50\":%d,\"p99\":%d,\"errors\":%d,\"status\":%d}\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.timeout, e.status))
end
`;
const wrkDir = mkdtempSync(path.join(tmpdir(), "apiary-wrk-"));
const wrkScript = path.join(wrkDir, "report.lua");
writeFileSync(wrkScript, WRK_REPORT);

/** `urlPath` of `server` under wrk for `seconds`: one thread (the other core is the server's), CONNECTIONS connections. */
async function load(server: Server, urlPath: string, headers: Record<string, string> = GZIP, seconds = DURATION): Promise<Figures> {
  const url = `${server.url}${urlPath}`;
  const cpuBefore = cpuSecondsOfTree(server.pid);
  const wrkArgs = ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--timeout", "5s", "-s", wrkScript];
  for (const [name, value] of Object.entries(headers)) wrkArgs.push("-H", `${name}: ${value}`);
  const child = spawn("wrk", [...wrkArgs, url], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const cpuAfter = cpuSecondsOfTree(server.pid);
  const line = /^FIGURES (.*)$/m.exec(out)?.[1];
  if (code !== 0 || !line) throw new Error(`wrk failed on ${url} (exit ${code}):\n${out}`);
  const report = JSON.parse(line) as { requests: number; us: number; p50: number; p99: number; errors: number; status: number };
  const ms = (us: number) => Math.round(us / 100) / 10;
  // wrk counts answers of 400 and above as status errors; the bench asks for nothing that redirects.
  const cpuUs = cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1e6) / report.requests;
  return { rps: report.requests / (report.us / 1e6), p50: ms(report.p50), p99: ms(report.p99), errors: report.errors, non2xx: report.status, total: report.requests, cpuUs };
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
    SSO_ALLOW_LOOPBACK: "false",
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

/** The path on nginx that answers two fixed bytes: what the load generator can do at best. */
const HEADROOM_PATH = "/wrk-headroom";

/**
 * nginx (one worker, as the app is one process) on a port of its own, serving `files` (path →
 * bytes) with gzip_static, as a CDN edge would, and a fixed two-byte answer at HEADROOM_PATH.
 */
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
worker_processes 1;
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
    location = ${HEADROOM_PATH} { return 200 "ok"; }
  }
}`;
  writeFileSync(path.join(root, "nginx.conf"), config);
  mkdirSync(path.join(root, "tmp"));
  const child: ChildProcess = spawn("nginx", ["-c", path.join(root, "nginx.conf"), "-g", "daemon off;"], { stdio: "inherit" });
  await untilAnswering(`http://127.0.0.1:${port}${HEADROOM_PATH}`);
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
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
}

/**
 * A bare Node HTTP server in a process of its own, answering every request with `body` and
 * `headers` held in memory: the most one Node process can do with that answer, whatever the app.
 */
async function startBareNode(headers: Record<string, string>, body: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), "apiary-bare-"));
  writeFileSync(path.join(dir, "body"), body);
  const port = await freePort();
  const code = `
    import { createServer } from "node:http";
    import { readFileSync } from "node:fs";
    const body = readFileSync(process.env.BODY);
    const headers = { ...JSON.parse(process.env.HEADERS), "content-length": String(body.length) };
    createServer((request, response) => { response.writeHead(200, headers); response.end(body); }).listen(Number(process.env.PORT), "127.0.0.1");`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
    env: { PATH: process.env.PATH ?? "", BODY: path.join(dir, "body"), HEADERS: JSON.stringify(headers), PORT: String(port) },
    stdio: "inherit",
  });
  await untilAnswering(`http://127.0.0.1:${port}/`);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
}

async function untilAnswering(url: string) {
  for (let i = 0; i < 50; i += 1) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} does not answer`);
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
  `${name.padEnd(38)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${f.p50.toFixed(1).padStart(5)} ms   p99 ${f.p99.toFixed(1).padStart(5)} ms` +
  `${f.cpuUs === undefined ? "" : `   CPU ${f.cpuUs.toFixed(1).padStart(6)} µs a request`}${f.errors || f.non2xx ? `   errors ${f.errors}, non-2xx ${f.non2xx}` : ""}${extra}`;
/** How many of the app's answers cost what nginx's do, in CPU time a request (the figure the machine's other work disturbs least). */
const cpuRatio = (ofNginx: Figures, ofApp: Figures) => (ofNginx.cpuUs === undefined || ofApp.cpuUs === undefined ? undefined : ofNginx.cpuUs / ofApp.cpuUs);

const app = await startApp();
try {
  // The bytes the app serves (rendered once; identity body for nginx to compress the same way).
  const files = new Map<string, Buffer>();
  let headersOfHome: Record<string, string> = {};
  for (const page of PAGES) {
    // Each worker keeps pages of its own, and requests go to them in turn: ask until one answers from its cache.
    let response: Response | undefined;
    for (let asked = 0; asked <= 2 * WORKERS && response?.headers.get("x-page-cache") !== "hit"; asked += 1) {
      response = await fetch(`${app.url}${page}`, { headers: { "accept-encoding": "identity" } });
      if (response.headers.get("x-page-cache") !== "hit") await response.arrayBuffer();
    }
    if (response?.headers.get("x-page-cache") !== "hit") throw new Error(`${page} is not served from the page cache`);
    files.set(page, Buffer.from(await response.arrayBuffer()));
    if (page === "/") {
      headersOfHome = Object.fromEntries([...response.headers].filter(([name]) => !["date", "connection", "keep-alive", "content-length", "transfer-encoding"].includes(name)));
    }
  }
  // A fingerprinted bundle and the sharing card: nginx serves them too, so the figures say what
  // this machine and this client can do with files of that size.
  const stanwood = await (await fetch(`${app.url}/stanwood`)).text();
  const bundle = /\/assets\/entry\.client-[^"]+\.js/.exec(stanwood)?.[0] ?? /\/assets\/[^"]+\.js/.exec(stanwood)![0];
  for (const file of [bundle, "/og-card.png"]) {
    files.set(file, Buffer.from(await (await fetch(`${app.url}${file}`, { headers: { "accept-encoding": "identity" } })).arrayBuffer()));
  }
  const nginx = await startNginx(files);
  const bare = await startBareNode({ ...headersOfHome, "content-encoding": "gzip" }, gzipSync(files.get("/")!, { level: 9 }));
  console.log(
    `Public pages, ${engine === "postgres" ? "PostgreSQL" : "embedded database"}, ${WORKERS === 1 ? "one app process" : `${WORKERS} app processes (WEB_CONCURRENCY)`} against one nginx worker; ` +
      `wrk in its own process, 1 thread, ${CONNECTIONS} connections, ${DURATION} s each, gzip\n`,
  );
  try {
    // Unmeasured first: V8 compiles the app's hot path in its first seconds of load (5-second runs
    // from a fresh start: 64, 45, then 30–37 µs a hit), and a server in use has long been past them.
    for (const page of PAGES) await load(app, page, GZIP, 4);
    await load(nginx, "/", GZIP, 2);
    const headroom = await load(nginx, HEADROOM_PATH, {});
    const ofBare = await load(bare, "/");
    console.log(row(`wrk's headroom: nginx's fixed 2 bytes`, headroom));
    console.log(row(`bare Node, the same answer of /`, ofBare));
    console.log("");

    const cached: { page: string; ofNginx: Figures; ofApp: Figures }[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      if (ROUNDS > 1) console.log(`Round ${round} of ${ROUNDS}`);
      for (const page of PAGES) {
        const ofNginx = await load(nginx, page);
        const ofApp = await load(app, page);
        cached.push({ page, ofNginx, ofApp });
        const ratio = ofApp.rps / ofNginx.rps;
        const byCpu = cpuRatio(ofNginx, ofApp);
        const size = `${(files.get(page)!.length / 1024).toFixed(1)} KB, ${(gzipSync(files.get(page)!, { level: 9 }).length / 1024).toFixed(1)} gzip`;
        console.log(row(`nginx ${page} (${size})`, ofNginx));
        console.log(
          row(`app   ${page}`, ofApp, `   ratio ${ratio.toFixed(2)}${byCpu === undefined ? "" : `, by CPU ${byCpu.toFixed(2)}`}${ofApp.p99 <= TARGET_P99_MS ? "" : `  p99 over ${TARGET_P99_MS} ms`}`),
        );
      }
    }
    const range = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
    const ratios = cached.map(({ ofNginx, ofApp }) => ofApp.rps / ofNginx.rps);
    const cpuRatios = cached.map(({ ofNginx, ofApp }) => cpuRatio(ofNginx, ofApp)).filter((ratio) => ratio !== undefined);
    const fastest = Math.max(...cached.flatMap(({ ofNginx, ofApp }) => [ofNginx.rps, ofApp.rps]));
    const worstP99 = Math.max(...cached.map(({ ofApp }) => ofApp.p99));
    const met = Math.min(...ratios) >= TARGET_RATIO && worstP99 <= TARGET_P99_MS;
    console.log(
      `\nCached pages, app/nginx: ${range(ratios)} in requests/s${cpuRatios.length ? `, ${range(cpuRatios)} by CPU time a request` : ""}; ` +
        `the app's p99 at most ${worstP99.toFixed(1)} ms, nginx's ${Math.max(...cached.map(({ ofNginx }) => ofNginx.p99)).toFixed(1)} ms ` +
        `(targets >= ${TARGET_RATIO} and <= ${TARGET_P99_MS} ms: ${met ? "met" : "missed"})`,
    );
    const bareByCpu = cpuRatio(cached[0]!.ofNginx, ofBare);
    console.log(`Bare Node/nginx on /: ${(ofBare.rps / cached[0]!.ofNginx.rps).toFixed(2)}${bareByCpu === undefined ? "" : `, by CPU ${bareByCpu.toFixed(2)}`} (what one Node process allows)`);
    console.log(
      `wrk's headroom: ${(headroom.rps / fastest).toFixed(1)}× the fastest server above${headroom.rps / fastest < 1.5 ? " — too little: the generator, not the servers, may be what was measured" : ""}\n`,
    );

    // The bundle as gzip from both (the app would send brotli to a browser that takes it); the image as it is.
    for (const [file, headers] of [[bundle, GZIP], ["/og-card.png", {}]] as const) {
      const name = file.length > 28 ? `${file.slice(0, 27)}…` : file;
      const ofNginx = await load(nginx, file, headers);
      const ofApp = await load(app, file, headers);
      console.log(row(`nginx ${name} (${(files.get(file)!.length / 1024).toFixed(0)} KB)`, ofNginx));
      const byCpu = cpuRatio(ofNginx, ofApp);
      console.log(row(`app   ${name}`, ofApp, `   ratio ${(ofApp.rps / ofNginx.rps).toFixed(2)}${byCpu === undefined ? "" : `, by CPU ${byCpu.toFixed(2)}`}`));
    }
  } finally {
    await nginx.stop();
    await bare.stop();
  }

  const cookie = await signUp(app.url);
  console.log("");
  for (const page of SIGNED_IN_PAGES) {
    // Unmeasured first: the page's code is still being compiled by V8 in its first seconds.
    await load(app, page, { ...GZIP, cookie }, 3);
    const figures = await load(app, page, { ...GZIP, cookie });
    const cost = figures.cpuUs === undefined ? "" : `   (${(1e6 / figures.cpuUs).toFixed(0)} req/s a core)`;
    console.log(row(`app   ${page} (signed in)`, figures, `${cost}${engine === "postgres" ? "   (target >= 400 req/s)" : ""}`));
  }
} finally {
  await app.stop();
  rmSync(wrkDir, { recursive: true, force: true });
}
