/**
 * Start-up on the embedded database, through `npm start` as a deployment starts it (the compiled
 * server, build/server.js, with production settings): a new data directory (create, migrate,
 * load the demo data) and restarts on it, each timed from the command to the first page (GET /
 * answered in full), and the server's resident memory once it has served it. The same restart
 * without npm in front (node build/server.js) shows what npm's own start adds.
 * Run after `npm run build`: `npx tsx bench/startup.ts` (`--restarts=N`, default 3; the median is kept).
 * Linux only (/proc). Run it on an idle machine: the start is CPU-bound.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { freePort, tempDataDir } from "../tests/setup/server-process";

const ROOT = path.resolve(import.meta.dirname, "..");
const TARGETS = { restartMs: 2_000, newDataDirMs: 4_000, rssMb: 600 };
const restarts = Number(process.argv.find((arg) => arg.startsWith("--restarts="))?.split("=")[1] ?? 3);

type Start = { ms: number; rssMb: number };

/** The process serving: npm starts a shell that starts node. */
function serverPid(pid: number): number | undefined {
  const [program, ...args] = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  if (path.basename(program ?? "").startsWith("node") && args.includes("build/server.js")) return pid;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    for (const child of children) {
      const found = serverPid(Number(child));
      if (found) return found;
    }
  }
  return undefined;
}

async function startToFirstPage(dataDir: string, command: string[]): Promise<Start> {
  const port = await freePort();
  const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  const started = performance.now();
  // Its own process group: npm, its shell and the server are stopped together.
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"], detached: true });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  for (;;) {
    if (!running) throw new Error(`the server exited before serving a page:\n${stderr}`);
    const response = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
    if (response?.ok) {
      await response.text();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ms = performance.now() - started;
  const pid = serverPid(child.pid!);
  const rssKb = pid ? Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1]) : NaN;
  process.kill(-child.pid!, "SIGTERM");
  await exited;
  return { ms, rssMb: rssKb / 1024 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value).toLocaleString("en")} ms`;
const mb = (value: number) => `${Math.round(value)} MB`;
const verdict = (value: number, target: number) => (value <= target ? "ok" : "OVER");

if (!existsSync(path.join(ROOT, "build/server.js"))) {
  console.error("build/server.js is missing: run npm run build first");
  process.exit(1);
}

const npmStart = ["npm", "start", "--silent"];
const nodeStart = [process.execPath, "build/server.js"];
const dataDir = tempDataDir();
try {
  const fresh = await startToFirstPage(dataDir, npmStart);
  const viaNpm: Start[] = [];
  const viaNode: Start[] = [];
  for (let i = 0; i < restarts; i++) {
    viaNpm.push(await startToFirstPage(dataDir, npmStart));
    viaNode.push(await startToFirstPage(dataDir, nodeStart));
  }
  const restart = median(viaNpm.map((start) => start.ms));
  const rss = Math.max(fresh.rssMb, ...viaNpm.map((start) => start.rssMb));
  const rows: [string, string, string, string][] = [
    ["new data directory → first page", ms(fresh.ms), `≤ ${ms(TARGETS.newDataDirMs)}`, verdict(fresh.ms, TARGETS.newDataDirMs)],
    [`restart → first page (median of ${restarts})`, ms(restart), `≤ ${ms(TARGETS.restartMs)}`, `${verdict(restart, TARGETS.restartMs)}  (${viaNpm.map((start) => ms(start.ms)).join(", ")})`],
    ["  the same without npm (node build/server.js)", ms(median(viaNode.map((start) => start.ms))), "", `(${viaNode.map((start) => ms(start.ms)).join(", ")})`],
    ["resident memory after the start (most of any run)", mb(rss), `≤ ${mb(TARGETS.rssMb)}`, `${verdict(rss, TARGETS.rssMb)}  (new directory ${mb(fresh.rssMb)}, restarts ${viaNpm.map((start) => mb(start.rssMb)).join(", ")})`],
  ];
  console.log("Start-up on the embedded database, `npm start` with production settings\n");
  console.log(["", "measured", "target", ""].map((cell, i) => cell.padEnd([52, 12, 14, 0][i]!)).join(""));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd([52, 12, 14, 0][i]!)).join(""));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
