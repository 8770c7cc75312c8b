import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouterContextProvider, ServerBuild } from "react-router";
import type { TableAccess } from "../app/platform/db/table-access";
import type { Env } from "../app/platform/env.server";
import type { Logger } from "../app/platform/logger.server";
import type { RequestInfo } from "../app/platform/request-context";
import type { Platform, PlatformOptions } from "../app/platform/runtime.server";

/** What app/entry.server.tsx exports as `apiary` (see there). */
export type ApiaryEntry = {
  createPlatform(env: Env, logger: Logger, options?: PlatformOptions): Promise<Platform>;
  closePlatform(platform: Platform): Promise<void>;
  createLoadContext(platform: Platform, info: RequestInfo): RouterContextProvider;
  /** The tables `work`'s queries read and wrote (through the bundle's own database module). */
  withTableAccess<T>(work: () => Promise<T>): Promise<{ value: T; access: TableAccess }>;
  /** The bytes of a document the bundle rendered, without reading `response`'s body. */
  documentBody(response: Response): Buffer<ArrayBuffer> | undefined;
};

export async function loadBuild(root: string) {
  const file = path.join(root, "build/server/index.js");
  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  const entry = (build.entry.module as unknown as { apiary?: ApiaryEntry }).apiary;
  if (!entry) throw new Error(`The server bundle at ${file} does not export "apiary"; run npm run build`);
  return { build, entry, clientDir: path.join(root, "build/client") };
}
