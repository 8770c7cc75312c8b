import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "../../app/platform/env.server";
import { startServer, type RunningServer } from "../../server/start";
import { createScratchDatabase } from "../setup/databases";
import { freePort } from "../setup/server-process";

export type InProcessServer = RunningServer & {
  /** The PostgreSQL database it runs on ("" on PGlite), for writes from another connection. */
  databaseUrl: string;
  /** Stops the server and drops its scratch database. */
  stop(): Promise<void>;
};

/**
 * The built server started in the test's own process, for tests that need a setting of their
 * own or direct access to the database (PGlite can be opened by one process only). It runs on
 * the project's engine, with a fresh data directory and, on PostgreSQL, a scratch database.
 */
export async function startInProcessServer(projectName: string, env: Record<string, string> = {}): Promise<InProcessServer> {
  let databaseUrl = "";
  let drop: (() => Promise<void>) | undefined;
  if (projectName === "postgres") {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
  const port = await freePort();
  const running = await startServer(
    parseEnv({
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "apiary-in-process-")),
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      ...env,
    }),
  );
  return {
    ...running,
    databaseUrl,
    stop: async () => {
      await running.close().catch(() => {});
      await drop?.();
    },
  };
}
