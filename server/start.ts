import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Env } from "../app/platform/env.server";
import { createLogger, type Logger } from "../app/platform/logger.server";
import type { Platform, PlatformOptions } from "../app/platform/runtime.server";
import { createApp } from "./app";
import type { PageCache } from "./page-cache";
import { loadBuild } from "./build";

export type RunningServer = {
  url: string;
  port: number;
  platform: Platform;
  server: Server;
  /** The anonymous public pages this server keeps (tests look inside). */
  pageCache: PageCache;
  /** Stops accepting, lets in-flight requests finish, stops the workers, closes the database. */
  close(): Promise<void>;
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SHUTDOWN_GRACE_MS = 8_000;

/** Starts Apiary: platform first (database, migrations, workers), then the HTTP listener. */
export async function startServer(env: Env, logger: Logger = createLogger(env.LOG_LEVEL), options: PlatformOptions = {}): Promise<RunningServer> {
  const { build, entry, clientDir } = await loadBuild(ROOT);
  const platform = await entry.createPlatform(env, logger, options);
  const { listener, pageCache } = createApp({ build, entry, platform, logger, clientDir, publicUrl: env.APP_URL, trustedProxyHops: env.TRUST_PROXY_HOPS });

  const server = await new Promise<Server>((resolve, reject) => {
    const s = createServer(listener);
    s.once("error", reject);
    s.listen(env.PORT, env.HOST, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  logger.info({ url, engine: platform.database.engine }, `Apiary is ready at ${url}`);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Event streams never end on their own: end them so the server can close.
      await platform.changes.stop().catch((error: unknown) => logger.warn({ err: error }, "error while ending event streams"));
      // Keep-alive connections become idle as their last response ends: close them as they do.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearInterval(sweep);
      clearTimeout(forced);
      await entry.closePlatform(platform);
    })();
    return closing;
  };
  return { url, port, platform, server, pageCache, close };
}
