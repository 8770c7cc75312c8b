import "./production-mode";
import { EnvError, parseEnv } from "../app/platform/env.server";
import { createLogger } from "../app/platform/logger.server";
import { startServer } from "./start";

const HARD_EXIT_MS = 10_000;

/**
 * `npm start`: validate the configuration, start the server, and shut down cleanly on
 * SIGTERM/SIGINT. Configuration and connection problems print one line and exit 1.
 */
async function main() {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const running = await startServer(env, logger).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === "EADDRINUSE") fail(`PORT ${env.PORT} is already in use: stop the other server or set PORT to a free port`);
    if (code === "EACCES") fail(`PORT ${env.PORT} needs privileges this process does not have: set PORT above 1023`);
    if (error instanceof Error && error.name === "DatabaseUnavailableError") fail(error.message);
    throw error;
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    setTimeout(() => {
      logger.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, HARD_EXIT_MS).unref();
    running.close().then(
      () => {
        logger.info("stopped cleanly");
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, "error while shutting down");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

void main();
