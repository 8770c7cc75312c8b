import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Env } from "../env.server";
import type { Logger } from "../logger.server";

/**
 * AUTH_SECRET, or for local use one generated on first start and kept in DATA_DIR (mode 0600),
 * so sessions survive restarts without any set-up. Several instances must share one secret:
 * set AUTH_SECRET when they do.
 */
export function resolveAuthSecret(env: Env, logger: Logger): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.resolve(env.DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  if (env.DATABASE_URL) logger.warn("AUTH_SECRET is not set: generated one in DATA_DIR; set it so all app instances share it");
  return secret;
}
