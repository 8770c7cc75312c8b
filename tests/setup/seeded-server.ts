import { randomBytes } from "node:crypto";
import { parseEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { startServer, type RunningServer } from "../../server/start";
import { seededDataDir } from "./databases";
import { freePort } from "./server-process";
import { removeDir } from "./templates";
import { testServerSettings } from "./test-settings";

/** The whole server in this process, on a copy of the seeded embedded database; `stop` removes the copy. */
export async function startSeededServer(): Promise<{ server: RunningServer; stop(): Promise<void> }> {
  const dataDir = seededDataDir();
  const port = await freePort();
  const env = parseEnv({
    ...testServerSettings,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
  });
  const server = await startServer(env, createLogger("silent")).catch((error: unknown) => {
    removeDir(dataDir);
    throw error;
  });
  return {
    server,
    stop: async () => {
      await server.close();
      removeDir(dataDir);
    },
  };
}
