/**
 * `npm test`: every check, in stages. Independent stages run side by side (typecheck, lint and
 * the production build share the two cores, and show their output only when they fail); the
 * first failing stage stops the run and is named.
 * At the end: where the time went (scripts/test-report.ts), from the runners' own JSON reports,
 * kept in TEST_REPORT_DIR (default test-report/).
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { formatReport, type StageTiming } from "./test-report";

const ROOT = path.resolve(import.meta.dirname, "..");
const reportDir = path.resolve(ROOT, process.env.TEST_REPORT_DIR ?? "test-report");
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const env = { ...process.env, TEST_REPORT_DIR: reportDir };

type Stage = { name: string; command: string[] };

const stages: Stage[][] = [
  [
    { name: "typecheck", command: ["npm", "run", "--silent", "typecheck"] },
    { name: "lint", command: ["npm", "run", "--silent", "lint"] },
    { name: "build", command: ["npm", "run", "--silent", "build"] },
  ],
  [{ name: "vitest", command: ["npx", "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${path.join(reportDir, "vitest.json")}`] }],
  [{ name: "playwright", command: ["npx", "playwright", "test"] }],
];

const timings: StageTiming[] = [];
const started = performance.now();

/** Runs one stage; alone, its output streams; beside others, it is printed once it ends. */
function runStage(stage: Stage, alone: boolean): Promise<StageTiming> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const [command, ...args] = stage.command;
    const child = spawn(command!, args, { cwd: ROOT, env, stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("exit", (code, signal) => {
      const timing = { name: stage.name, seconds: (performance.now() - startedAt) / 1000, ok: code === 0, startedAt: (startedAt - started) / 1000 };
      if (!alone) {
        // A stage that ran beside others shows its output only when it failed.
        const text = timing.ok ? "" : Buffer.concat(output).toString().trim();
        process.stdout.write(`\n== ${stage.name}: ${timing.ok ? "ok" : "FAILED"} in ${timing.seconds.toFixed(1)} s\n${text ? `${text}\n` : ""}`);
      } else if (signal) {
        process.stdout.write(`\n== ${stage.name} stopped by ${signal}\n`);
      }
      resolve(timing);
    });
  });
}

function finish(code: number) {
  writeFileSync(path.join(reportDir, "stages.json"), JSON.stringify({ stages: timings, totalSeconds: (performance.now() - started) / 1000 }, null, 2));
  process.stdout.write(`\n${formatReport(reportDir)}\n`);
  process.exit(code);
}

for (const group of stages) {
  const alone = group.length === 1;
  if (alone) process.stdout.write(`\n== ${group[0]!.name}\n`);
  const results = await Promise.all(group.map((stage) => runStage(stage, alone)));
  timings.push(...results);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) {
    process.stdout.write(`\nnpm test failed at: ${failed.map((f) => f.name).join(", ")}\n`);
    finish(1);
  }
}
process.stdout.write("\nnpm test: every stage passed\n");
finish(0);
