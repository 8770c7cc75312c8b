import type { Env } from "../app/platform/env.server";
import type { Logger } from "../app/platform/logger.server";
import { failStart } from "./fail-start";
import { startServer } from "./start";

const HARD_EXIT_MS = 10_000;
/** A restart serves its first pages before it catches up on mail and schedules (PlatformOptions). */
const BACKGROUND_START_DELAY_MS = 1_000;

/**
 * One server in this process (the whole of `npm start`, or one worker of it): start, and shut
 * down cleanly on SIGTERM/SIGINT. Connection problems print one line and exit 1.
 */
export async function serve(env: Env, logger: Logger) {
  const running = await startServer(env, logger, { backgroundStartDelayMs: BACKGROUND_START_DELAY_MS }).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === "EADDRINUSE") return failStart(`PORT ${env.PORT} is already in use: stop the other server or set PORT to a free port`);
    if (code === "EACCES") return failStart(`PORT ${env.PORT} needs privileges this process does not have: set PORT above 1023`);
    if (error instanceof Error && error.name === "DatabaseUnavailableError") return failStart(error.message);
    throw error;
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    // Ctrl-C reaches a worker both from the terminal (SIGINT) and from its primary (SIGTERM).
    if (stopping) return;
    stopping = true;
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
