/**
 * Where the time of a test run went, read from what the runners wrote themselves: the stage
 * timings of scripts/test.ts (stages.json), Vitest's JSON report (vitest.json) and Playwright's
 * (playwright.json), all in one report directory. Used by `npm test` at its end and by
 * bench/test-time.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { textTable } from "./text-table";

export type StageTiming = { name: string; seconds: number; ok: boolean; startedAt: number };
export type StagesFile = { stages: StageTiming[]; totalSeconds?: number };

type VitestTest = { fullName: string; status: string; meta?: { retried?: number } };
type VitestReport = {
  numTotalTests: number;
  numFailedTests: number;
  numPassedTests: number;
  numPendingTests: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: VitestTest[] }[];
};

type PlaywrightResult = { duration: number; status: string; retry: number };
type PlaywrightTest = { projectName: string; status: "expected" | "unexpected" | "flaky" | "skipped"; results: PlaywrightResult[] };
type PlaywrightSpec = { title: string; file: string; tests: PlaywrightTest[] };
type PlaywrightSuite = { title: string; file: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = {
  suites: PlaywrightSuite[];
  stats: { duration: number; expected: number; unexpected: number; flaky: number; skipped: number };
};

const readJson = <T>(file: string): T | undefined => (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : undefined);

const seconds = (s: number) => (s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`);

/** A test file's path from the project's root (the report may come from a clone elsewhere). */
const shortPath = (file: string) => file.replace(/^.*?((app|server|tests)\/)/, "$1");

const table = ([head, ...rows]: string[][]) => textTable(head!, rows, { markdown: true });

function* playwrightSpecs(suites: PlaywrightSuite[]): Generator<PlaywrightSpec> {
  for (const suite of suites) {
    yield* suite.specs ?? [];
    yield* playwrightSpecs(suite.suites ?? []);
  }
}

/** The report as Markdown: stages, then the slowest Vitest files and Playwright spec files. */
export function formatReport(dir: string, { slowVitest = 10, slowPlaywright = 15 } = {}): string {
  const out: string[] = [];
  const stages = readJson<StagesFile>(path.join(dir, "stages.json"));
  const vitest = readJson<VitestReport>(path.join(dir, "vitest.json"));
  const playwright = readJson<PlaywrightReport>(path.join(dir, "playwright.json"));

  if (stages) {
    const rows = [["stage", "wall time", "result"]];
    for (const stage of stages.stages) rows.push([stage.name, seconds(stage.seconds), stage.ok ? "ok" : "FAILED"]);
    if (stages.totalSeconds !== undefined) rows.push(["**total**", `**${seconds(stages.totalSeconds)}**`, ""]);
    out.push("Stages (stages that ran side by side overlap in time; the total is wall time):", "", table(rows), "");
  }

  if (vitest) {
    const files = vitest.testResults
      .map((file) => ({ name: path.relative(process.cwd(), file.name) || file.name, ms: file.endTime - file.startTime, tests: file.assertionResults.length }))
      .sort((a, b) => b.ms - a.ms);
    out.push(
      `Vitest: ${vitest.numTotalTests} tests in ${files.length} files (${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${vitest.numPendingTests} skipped); slowest ${slowVitest} files:`,
      "",
      table([["file", "tests", "time"], ...files.slice(0, slowVitest).map((f) => [shortPath(f.name), String(f.tests), seconds(f.ms / 1000)])]),
      "",
    );
    const retried = vitest.testResults.flatMap((file) => file.assertionResults.filter((test) => test.status === "passed" && test.meta?.retried).map((test) => `${shortPath(file.name)} › ${test.fullName}`));
    out.push(retried.length ? `Vitest tests that passed only on retry (flaky):\n${retried.map((t) => `- ${t}`).join("\n")}\n` : "No Vitest test needed a retry.\n");
  }

  if (playwright) {
    const byFile = new Map<string, { ms: number; tests: number }>();
    const needingRetry: string[] = [];
    for (const spec of playwrightSpecs(playwright.suites)) {
      for (const test of spec.tests) {
        const key = `${spec.file} [${test.projectName}]`;
        const entry = byFile.get(key) ?? { ms: 0, tests: 0 };
        entry.ms += test.results.reduce((sum, r) => sum + r.duration, 0);
        entry.tests += test.status === "skipped" ? 0 : 1;
        byFile.set(key, entry);
        if (test.status === "flaky") needingRetry.push(`${spec.file} › ${spec.title} [${test.projectName}]`);
      }
    }
    const { stats } = playwright;
    const files = [...byFile].sort((a, b) => b[1].ms - a[1].ms);
    out.push(
      `Playwright: ${stats.expected + stats.unexpected + stats.flaky} tests run (${stats.expected} passed, ${stats.unexpected} failed, ${stats.flaky} flaky, ${stats.skipped} skipped) in ${seconds(stats.duration / 1000)}; slowest ${slowPlaywright} spec files (time summed over their tests):`,
      "",
      table([["spec file [project]", "tests", "time"], ...files.slice(0, slowPlaywright).map(([name, f]) => [name, String(f.tests), seconds(f.ms / 1000)])]),
      "",
    );
    out.push(needingRetry.length ? `Playwright tests that passed only on retry (flaky):\n${needingRetry.map((t) => `- ${t}`).join("\n")}\n` : "No Playwright test needed a retry.\n");
  }
  return out.join("\n");
}
