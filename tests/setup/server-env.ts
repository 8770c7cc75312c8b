import { randomBytes } from "node:crypto";
import { parseEnv } from "../../app/platform/env.server";
import { testServerSettings } from "./test-settings";

/**
 * The settings of a server a test starts in its own process: the shared test settings, this port
 * on 127.0.0.1 as its public address, a fresh auth secret, and the caller's own settings on top.
 */
export function inProcessServerEnv(port: number, settings: Record<string, string>) {
  return parseEnv({
    ...testServerSettings,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ...settings,
  });
}
