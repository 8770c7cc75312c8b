/**
 * Start-up time on the embedded database: a cold start (new data directory: create, migrate,
 * seed) and a warm start (same directory again), each measured to the first page served.
 * Run after `npm run build`: `npx tsx bench/startup.ts`.
 */
import { freePort, spawnServer, tempDataDir, waitUntilHealthy } from "../tests/setup/server-process";

async function timeToFirstPage(dataDir: string) {
  const started = performance.now();
  const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  await waitUntilHealthy(server);
  const response = await fetch(`${server.url}/`);
  if (!response.ok) throw new Error(`first page answered ${response.status}`);
  await response.text();
  const ms = performance.now() - started;
  const rssKb = Number((await import("node:fs")).readFileSync(`/proc/${server.child.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1]);
  server.child.kill("SIGTERM");
  await server.exited;
  return { ms, rssMb: rssKb / 1024 };
}

const dir = tempDataDir();
const cold = await timeToFirstPage(dir);
const warm = await timeToFirstPage(dir);
console.log(`cold start (new data directory) to first page: ${cold.ms.toFixed(0)} ms, RSS ${cold.rssMb.toFixed(0)} MB`);
console.log(`warm start (existing data directory) to first page: ${warm.ms.toFixed(0)} ms, RSS ${warm.rssMb.toFixed(0)} MB`);
