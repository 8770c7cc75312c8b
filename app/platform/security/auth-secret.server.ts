import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under a name of its own, then linked into place, which fails if the file is
  // there: of workers starting together on one DATA_DIR (WEB_CONCURRENCY), exactly one secret
  // wins, and none reads a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, `${randomBytes(48).toString("base64url")}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
    if (env.DATABASE_URL) logger.warn("AUTH_SECRET is not set: generated one in DATA_DIR; set it so all app instances share it");
  } catch (error) {
    if ((error as { code?: string }).code !== "EEXIST") throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`${file} is empty: delete it (a new secret is made at the next start) or set AUTH_SECRET`);
  return secret;
}

function readSecret(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim() || undefined;
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return undefined;
    throw error;
  }
}
