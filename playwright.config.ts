import { defineConfig, devices } from "@playwright/test";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Engine } from "./tests/e2e/test-server";

/**
 * Browser tests: the built server (`npm run build` first), started in each worker's own process
 * on a copy of a seeded database (tests/e2e/test-server.ts), driven in Debian's Chromium.
 * Every spec runs on the embedded database; a spec tagged @engine — one that proves something
 * that depends on the database engine end to end — also runs on PostgreSQL when
 * TEST_DATABASE_URL is set (docs/testing.md).
 */
// Debian's headless shell when it is there (package chromium-headless-shell): the same engine
// without the browser's user interface, a third quicker per test on two cores.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const postgresUrl = process.env.TEST_DATABASE_URL;
const reportDir = process.env.TEST_REPORT_DIR;

// Shared with the workers through the environment (the config is evaluated in each process).
process.env.E2E_MAILBOX_DIR ??= mkdtempSync(path.join(tmpdir(), "apiary-mailbox-"));
process.env.E2E_SMTP_PORT ??= "2626";
process.env.E2E_SMS_DIR ??= mkdtempSync(path.join(tmpdir(), "apiary-sms-"));

export default defineConfig<object, { engine: Engine }>({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  // Tests share nothing but the worker's server, and make their own rows: any order, two at a time.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  // A safety net only: the report names any test that needed it (scripts/test-report.ts).
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ["list"],
    ...(reportDir ? [["json", { outputFile: path.join(reportDir, "playwright.json") }] as const] : []),
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
  ],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    // Recording every test costs a tenth of the run: in CI only a retry records (a test that
    // fails twice leaves its trace); locally every failure does.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "pglite", use: { ...devices["Desktop Chrome"], engine: "pglite" } },
    ...(postgresUrl ? [{ name: "postgres", grep: /@engine/, use: { ...devices["Desktop Chrome"], engine: "postgres" as const } }] : []),
  ],
});
