import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { E2E_ADMIN } from "./tests/e2e/test-accounts";
import { GOOGLE_CLIENT, OIDC_ISSUER } from "./tests/e2e/google-provider";

/**
 * Browser tests run against the built server (`npm run build` first) in Debian's Chromium.
 * One server on the embedded database; when TEST_DATABASE_URL is set, a second one on
 * PostgreSQL, and every test runs against both.
 */
const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const postgresUrl = process.env.TEST_DATABASE_URL;
// Several checkouts can run their browser tests side by side when each sets its own ports
// (E2E_PORT_BASE, E2E_SMTP_PORT, E2E_OIDC_PORT) and its own TEST_DATABASE_URL.
const PGLITE_PORT = Number(process.env.E2E_PORT_BASE ?? 3100);
const POSTGRES_PORT = PGLITE_PORT + 1;

// Shared with the workers through the environment (the config is evaluated in each process).
process.env.E2E_MAILBOX_DIR ??= mkdtempSync(path.join(tmpdir(), "apiary-mailbox-"));
process.env.E2E_SMTP_PORT ??= "2626";

const serverEnv = (extra: Record<string, string>) => ({
  ...(process.env as Record<string, string>),
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  HOST: "127.0.0.1",
  DATABASE_URL: "",
  SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
  MAIL_FROM: "Apiary <hello@apiary.test>",
  // As behind one reverse proxy: a test can give itself its own client address (X-Forwarded-For),
  // so the per-address rate limits of one test never spill into the next.
  TRUST_PROXY_HOPS: "1",
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_INITIAL_PASSWORD: E2E_ADMIN.password,
  // Google sign-in against the local OpenID provider of global-setup.ts (port E2E_OIDC_PORT, default 2627).
  GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
  GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
  GOOGLE_DISCOVERY_URL: `${OIDC_ISSUER}/.well-known/openid-configuration`,
  ...extra,
});

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    trace: "retain-on-failure",
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
    {
      name: "pglite",
      use: { ...devices["Desktop Chrome"], baseURL: `http://127.0.0.1:${PGLITE_PORT}` },
    },
    ...(postgresUrl
      ? [{ name: "postgres", use: { ...devices["Desktop Chrome"], baseURL: `http://127.0.0.1:${POSTGRES_PORT}` } }]
      : []),
  ],
  webServer: [
    {
      command: "node --import tsx server/index.ts",
      url: `http://127.0.0.1:${PGLITE_PORT}/api/health`,
      timeout: 90_000,
      reuseExistingServer: false,
      env: serverEnv({
        PORT: String(PGLITE_PORT),
        APP_URL: `http://127.0.0.1:${PGLITE_PORT}`,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "apiary-e2e-")),
      }),
    },
    ...(postgresUrl
      ? [
          {
            command: "node --import tsx server/index.ts",
            url: `http://127.0.0.1:${POSTGRES_PORT}/api/health`,
            timeout: 90_000,
            reuseExistingServer: false,
            env: serverEnv({
              PORT: String(POSTGRES_PORT),
              APP_URL: `http://127.0.0.1:${POSTGRES_PORT}`,
              DATABASE_URL: postgresUrl,
              DATA_DIR: mkdtempSync(path.join(tmpdir(), "apiary-e2e-pg-")),
            }),
          },
        ]
      : []),
  ],
});
