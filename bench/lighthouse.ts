/**
 * Lighthouse (mobile) on the public pages, against the built server on a fresh embedded database.
 * Prints the four category scores and the JavaScript each page transfers (gzip): on load, as
 * Lighthouse sees it, and once the page is interactive (pages that hydrate when their widget or
 * form is reached load React then: the second figure counts it, after pointing at that part).
 * Run after `npm run build`: `npx tsx bench/lighthouse.ts` (CHROME_PATH defaults to /usr/bin/chromium).
 * LIGHTHOUSE_RUNS=3 runs each page three times and keeps the run with the median performance score
 * (on a busy machine single runs vary by several points).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright";
import { HYDRATE_TRIGGER_ATTRIBUTE } from "../app/platform/html/deferred-hydration";
import { freePort, spawnServer, tempDataDir, waitUntilHealthy } from "../tests/setup/server-process";

const PAGES = ["/", "/home", "/stanwood", "/adopt-hive", "/contact", "/bitcoin-conference"];
const TARGET_SCORE = 100;
const TARGET_JS_ON_HOME_KB = 100;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));

type Row = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  jsKb: number;
  interactiveJsKb?: number;
  failing: string[];
};

const port = await freePort();
const server = spawnServer({
  PORT: String(port),
  APP_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: tempDataDir(),
  // As in production: the tests' cheap hashes and loopback feeds are refused outside NODE_ENV=test.
  NODE_ENV: "production",
  PASSWORD_HASH_LOG_N: "17",
  CALENDAR_FETCH_ALLOW_LOOPBACK: "false",
  LOG_LEVEL: "warn",
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

const rows: Row[] = [];
let reference: Row | undefined;
try {
  await waitUntilHealthy(server, 90_000);
  // Warm the server (first render compiles templates, opens the database) before measuring.
  for (const path of PAGES) await (await fetch(`${server.url}${path}`)).text();

  for (const path of PAGES) {
    const runs: Row[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(path));
    runs.sort((a, b) => a.performance - b.performance);
    rows.push({ ...runs[Math.floor(runs.length / 2)]!, interactiveJsKb: await interactiveJsKb(path) });
  }
  // For comparison: the same landing page with its scripts blocked, i.e. what the server-rendered
  // HTML and CSS alone score. The gap is the cost of the JavaScript the page preloads.
  reference = await measure("/", { blockScripts: true });
} finally {
  await chrome.kill();
  server.child.kill("SIGTERM");
  await server.exited;
}

/** The JavaScript (gzip) a visitor's browser has fetched once the page's interactive part is in use. */
async function interactiveJsKb(path: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
    const trigger = page.locator(`[${HYDRATE_TRIGGER_ATTRIBUTE}]`).first();
    if ((await trigger.count()) > 0) await trigger.hover();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    const bytes = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0),
    );
    return bytes / 1024;
  } finally {
    await context.close();
    await browser.close();
  }
}

async function measure(path: string, { blockScripts = false } = {}): Promise<Row> {
  const result = await lighthouse(`${server.url}${path}`, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    formFactor: "mobile",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    ...(blockScripts ? { blockedUrlPatterns: ["*.js"] } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const requests =
    (audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ??
    [];
  const jsBytes = requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failing = Object.values(categories)
    .flatMap((category) => category.auditRefs)
    .filter((ref) => ref.weight > 0)
    .map((ref) => audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
  return {
    path,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    jsKb: jsBytes / 1024,
    failing: [...new Set(failing)],
  };
}

const header = ["page", "performance", "accessibility", "best-practices", "SEO", "JS on load (gzip KB)", "JS once interactive"];
const table = rows.map((r) => [
  r.path,
  String(r.performance),
  String(r.accessibility),
  String(r.bestPractices),
  String(r.seo),
  r.jsKb.toFixed(1),
  r.interactiveJsKb?.toFixed(1) ?? "",
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
console.log(line(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of table) console.log(line(row));

if (reference) {
  const fcp = reference.failing.find((audit) => audit.startsWith("first-contentful-paint")) ?? "first-contentful-paint at full marks";
  console.log(`\n/ with its scripts blocked (HTML and CSS only): performance ${reference.performance} (${fcp})`);
}

const misses = rows.flatMap((r) => r.failing.map((audit) => `${r.path}: ${audit}`));
if (misses.length > 0) {
  console.log("\nAudits below full marks:");
  for (const miss of misses) console.log(`  ${miss}`);
}
const home = rows.find((r) => r.path === "/");
const allPerfect = rows.every((r) => [r.performance, r.accessibility, r.bestPractices, r.seo].every((s) => s >= TARGET_SCORE));
console.log(
  `\nTargets: every score ${TARGET_SCORE} — ${allPerfect ? "met" : "not met"}; JS on / at most ${TARGET_JS_ON_HOME_KB} KB — ${
    home && home.jsKb <= TARGET_JS_ON_HOME_KB ? "met" : "not met"
  } (${home?.jsKb.toFixed(1)} KB).`,
);
