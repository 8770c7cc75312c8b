/**
 * `npm test`: every check, in stages. A stage starts as soon as the stages it needs have passed,
 * so the two cores stay busy: typecheck and the production build start together; Vitest
 * and Playwright both start as soon as the build is done, and lint beside them (the build gates
 * both runners and takes half as long again with lint beside it; lint gates nothing) (Vitest's server-process tests run
 * build/server.js, its databases start from the build's template; Playwright runs the built
 * server) and run side by side, with the script budgets (scripts/bundle-budget.ts, seconds)
 * beside them. Each of the two runners uses about one core on average: most of a browser test
 * is waiting on the page or the server (measured, browsers included: 711 CPU seconds in a
 * 727-second Playwright run on two cores), so one after the other left a core idle for the
 * whole run. The first failing stage stops the run (the others are stopped) and is named.
 * Vitest and Playwright stream their output; the short stages show theirs only when they fail.
 * At the end: where the time went (scripts/test-report.ts), from the runners' own JSON reports,
 * kept in TEST_REPORT_DIR (default test-report/).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { formatReport, type StageTiming } from "./test-report";

const ROOT = path.resolve(import.meta.dirname, "..");
const reportDir = path.resolve(ROOT, process.env.TEST_REPORT_DIR ?? "test-report");
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const env = { ...process.env, TEST_REPORT_DIR: reportDir };

type Stage = { name: string; command: string[]; needs: string[]; streams: boolean };

const stages: Stage[] = [
  { name: "typecheck", command: ["npm", "run", "--silent", "typecheck"], needs: [], streams: false },
  { name: "lint", command: ["npm", "run", "--silent", "lint"], needs: ["build"], streams: false },
  { name: "build", command: ["npm", "run", "--silent", "build"], needs: [], streams: false },
  // Seconds: the scripts each page loads, from the build's manifest, against their budgets.
  { name: "script budgets", command: ["npx", "tsx", "scripts/bundle-budget.ts"], needs: ["build"], streams: false },
  {
    name: "vitest",
    command: ["npx", "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${path.join(reportDir, "vitest.json")}`],
    needs: ["build"],
    streams: true,
  },
  { name: "playwright", command: ["npx", "playwright", "test"], needs: ["build"], streams: true },
];

const timings: StageTiming[] = [];
const started = performance.now();
const running = new Map<string, ChildProcess>();

/**
 * Runs one stage; a streaming stage's output goes through line by line, each line marked with
 * the stage's name (Vitest and Playwright run side by side), another's is printed once it ends.
 */
function runStage(stage: Stage): Promise<StageTiming> {
  const startedAt = performance.now();
  process.stdout.write(`\n== ${stage.name}${stage.streams ? "" : " (started; output shown if it fails)"}\n`);
  return new Promise((resolve) => {
    const [command, ...args] = stage.command;
    // A process group of its own, so that a failure elsewhere stops it with its children.
    const child = spawn(command!, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    running.set(stage.name, child);
    const output: Buffer[] = [];
    for (const stream of [child.stdout!, child.stderr!]) {
      if (stage.streams) createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => process.stdout.write(`[${stage.name}] ${line}\n`));
      else stream.on("data", (chunk: Buffer) => output.push(chunk));
    }
    child.on("exit", (code, signal) => {
      running.delete(stage.name);
      const timing = { name: stage.name, seconds: (performance.now() - startedAt) / 1000, ok: code === 0, startedAt: (startedAt - started) / 1000 };
      const text = timing.ok || stage.streams ? "" : Buffer.concat(output).toString().trim();
      process.stdout.write(`\n== ${stage.name}: ${timing.ok ? "ok" : signal ? `stopped by ${signal}` : "FAILED"} in ${timing.seconds.toFixed(1)} s\n${text ? `${text}\n` : ""}`);
      resolve(timing);
    });
  });
}

function stopAll(signal: NodeJS.Signals = "SIGTERM") {
  for (const child of running.values()) {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  }
}

function finish(code: number) {
  timings.sort((a, b) => a.startedAt - b.startedAt);
  writeFileSync(path.join(reportDir, "stages.json"), JSON.stringify({ stages: timings, totalSeconds: (performance.now() - started) / 1000 }, null, 2));
  process.stdout.write(`\n${formatReport(reportDir)}\n`);
  process.exit(code);
}

// Ctrl-C reaches this process only (the stages have groups of their own): pass it on.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopAll(signal);
    process.exit(130);
  });
}

const passed = new Set<string>();
const waiting = [...stages];
const failed: string[] = [];

await new Promise<void>((done) => {
  const startReady = () => {
    if (failed.length > 0) return;
    for (const stage of waiting.filter((s) => s.needs.every((need) => passed.has(need)))) {
      waiting.splice(waiting.indexOf(stage), 1);
      void runStage(stage).then((timing) => {
        timings.push(timing);
        if (timing.ok) passed.add(stage.name);
        else if (failed.length === 0) {
          failed.push(stage.name);
          stopAll();
        }
        if (running.size === 0 && (failed.length > 0 || waiting.length === 0)) done();
        else startReady();
      });
    }
  };
  startReady();
});

if (failed.length > 0) {
  process.stdout.write(`\nnpm test failed at: ${failed.join(", ")}\n`);
  finish(1);
}
process.stdout.write("\nnpm test: every stage passed\n");
finish(0);
