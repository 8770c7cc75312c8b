import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";
import { createPlatform, type Platform, type PlatformOptions } from "~/platform/runtime.server";
import { createConfiguredAdmin } from "./accounts/admin-setup.server";
import { startBackgroundWorkers } from "./background-workers.server";

/**
 * A platform with what the features add to it: their scheduled work, and the administrator of
 * ADMIN_EMAIL made before the first request so that /auth works from the first start. `npm
 * start`'s server and the development server both start theirs here.
 */
export async function startPlatform(env: Env, logger?: Logger, options: PlatformOptions = {}): Promise<Platform> {
  const platform = await createPlatform(env, logger, { ...options, startWorkers: startBackgroundWorkers });
  await createConfiguredAdmin(platform);
  return platform;
}
