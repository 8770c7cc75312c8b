import cluster from "node:cluster";
import { EnvError, parseEnv, type Env } from "../app/platform/env.server";
import { createLogger } from "../app/platform/logger.server";
import { failStart } from "./fail-start";

/**
 * Validates the configuration, then serves in this process, or with WEB_CONCURRENCY above 1
 * forks that many workers that each serve (server/primary.ts). The primary never loads the app.
 */
let env: Env;
try {
  env = parseEnv(process.env);
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  env = await failStart(error.message);
}
const logger = createLogger(env.LOG_LEVEL);

if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
  const { runPrimary } = await import("./primary");
  runPrimary(env.WEB_CONCURRENCY, logger);
} else {
  const { serve } = await import("./serve");
  await serve(env, logger);
}
