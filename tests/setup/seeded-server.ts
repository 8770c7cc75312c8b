import { createLogger } from "~/platform/logger.server";
import { startServer, type RunningServer } from "../../server/start";
import { seededDataDir } from "./databases";
import { freePort } from "./server-process";
import { inProcessServerEnv } from "./server-env";
import { removeDir } from "./templates";

/** The whole server in this process, on a copy of the seeded embedded database; `stop` removes the copy. */
export async function startSeededServer(): Promise<{ server: RunningServer; stop(): Promise<void> }> {
  const dataDir = seededDataDir();
  const port = await freePort();
  const env = inProcessServerEnv(port, { LOG_LEVEL: "silent", DATA_DIR: dataDir });
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
