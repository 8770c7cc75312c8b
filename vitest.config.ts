import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/setup/vitest-global-setup.ts"],
    setupFiles: ["tests/setup/vitest-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite holds ~0.5 GB per instance; two workers fit the 2-core machine.
    maxWorkers: 2,
    // In CI, as in Playwright, one retry as a safety net only: the run's report names any test
    // that needed it (tests/setup/vitest-setup.ts, scripts/test-report.ts), a flaky test being a
    // bug to fix.
    retry: process.env.CI ? 1 : 0,
    // Test files share their worker's loaded modules instead of importing the app anew each
    // (imports were 66 s of a 3-minute run). Tests keep no state in modules: each opens its own
    // database (tests/setup/databases.ts) and makes its own rows (tests/factories/).
    isolate: false,
  },
});
