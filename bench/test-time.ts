/**
 * Where the time of a whole test run goes, as CI would spend it: clones this repository's
 * commit (HEAD, or --ref=…) into a scratch directory, installs, runs the README's test command
 * with its reports on, and prints one table: install, typecheck, lint, build, Vitest (its
 * slowest 10 files), Playwright (its slowest 15 spec files and any test that needed a retry),
 * total wall time.
 *
 *   npx tsx bench/test-time.ts                 # PGlite and, when TEST_DATABASE_URL is set or a
 *                                              # PostgreSQL answers on 127.0.0.1:5432, PostgreSQL
 *   npx tsx bench/test-time.ts --engine=pglite # what `npm test` does on a machine without one
 *   npx tsx bench/test-time.ts --from=DIR      # only print the table of a report directory
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { formatReport, type StagesFile } from "../scripts/test-report";

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=") as [string, string | undefined]));
const ROOT = path.resolve(import.meta.dirname, "..");

if (args.has("from")) {
  console.log(formatReport(path.resolve(args.get("from")!)));
  process.exit(0);
}

function run(command: string, argv: string[], options: { cwd: string; env: NodeJS.ProcessEnv; log: string }) {
  return new Promise<number>((resolve) => {
    const child = spawn(command, argv, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => chunks.push(c));
    child.on("exit", (code) => {
      writeFileSync(options.log, Buffer.concat(chunks));
      resolve(code ?? 1);
    });
  });
}

async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (args.get("engine") === "pglite") return undefined;
  const base = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch {
    console.log(`(no PostgreSQL at ${new URL(base).host}: PGlite only)`);
    return undefined;
  }
  const name = `apiary_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const ref = args.get("ref") ?? "HEAD";
const work = mkdtempSync(path.join(tmpdir(), "apiary-test-time-"));
const checkout = path.join(work, "checkout");
const reportDir = path.join(work, "report");
mkdirSync(reportDir);
execFileSync("git", ["clone", "--quiet", "--no-hardlinks", ROOT, checkout]);
execFileSync("git", ["checkout", "--quiet", execFileSync("git", ["rev-parse", ref], { cwd: ROOT }).toString().trim()], { cwd: checkout });
console.log(`clean checkout of ${ref} in ${checkout}`);

const database = await scratchDatabase();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  CI: "true",
  TEST_REPORT_DIR: reportDir,
  TEST_DATABASE_URL: database?.url ?? "",
  // Ports of its own, so a bench can run beside a developer's own test run.
  E2E_PORT_BASE: "3400",
  E2E_SMTP_PORT: "2826",
  E2E_OIDC_PORT: "2827",
};

const started = performance.now();
const install = await run("npm", ["install", "--no-audit", "--no-fund", "--no-save", "--prefer-offline"], { cwd: checkout, env, log: path.join(work, "install.log") });
const installSeconds = (performance.now() - started) / 1000;
if (install !== 0) throw new Error(`npm install failed: see ${path.join(work, "install.log")}`);
const testStarted = performance.now();
const code = await run("npm", ["test"], { cwd: checkout, env, log: path.join(work, "test.log") });
const testSeconds = (performance.now() - testStarted) / 1000;
await database?.drop();

// Fold the install into the stage table: CI does it before the test command.
const stagesFile = path.join(reportDir, "stages.json");
let stages: StagesFile = { stages: [] };
try {
  stages = JSON.parse((await import("node:fs")).readFileSync(stagesFile, "utf8")) as StagesFile;
} catch {
  stages.stages.push({ name: "npm test", seconds: testSeconds, ok: code === 0, startedAt: 0 });
}
stages.stages.unshift({ name: "install", seconds: installSeconds, ok: true, startedAt: 0 });
stages.totalSeconds = installSeconds + testSeconds;
writeFileSync(stagesFile, JSON.stringify(stages, null, 2));

console.log(`\nengines: PGlite${database ? " and PostgreSQL" : ""}; npm test exit code ${code} (log: ${path.join(work, "test.log")})\n`);
console.log(formatReport(reportDir));
process.exit(code);
