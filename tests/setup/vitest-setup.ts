import { afterEach } from "vitest";
import { configurePasswordHashing } from "~/platform/security/password-hash.server";
import { TEST_PASSWORD_HASH_LOG_N } from "./test-settings";

// Every test file hashes passwords at the test cost (the production default has its own test).
configurePasswordHashing({ PASSWORD_HASH_LOG_N: TEST_PASSWORD_HASH_LOG_N });

declare module "vitest" {
  interface TaskMeta {
    /** How many times the test was run again after failing (CI allows one, vitest.config.ts). */
    retried?: number;
  }
}

// A test that passed only when run again is named in the run's report (scripts/test-report.ts):
// the JSON report keeps a test's meta but not its retries.
afterEach(({ task }) => {
  if (task.result?.retryCount) task.meta.retried = task.result.retryCount;
});
