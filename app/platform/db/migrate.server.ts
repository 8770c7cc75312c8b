import type { PgliteDatabase } from "drizzle-orm/pglite";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DatabaseHandle } from "./client.server";

/** Any number will do as long as every instance uses the same one. */
const MIGRATION_LOCK = 73_012_024;

/**
 * The project root, found by walking up from this module: the same code runs from source
 * (tests, scripts) and bundled into build/server (the production server).
 */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "apiary") return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const migrationsFolder = () => path.join(projectRoot(), "app/platform/db/migrations");

/**
 * Brings the schema up to date. On PostgreSQL an advisory lock makes concurrent starts of
 * several app instances take turns; PGlite has a single connection anyway.
 */
export async function runMigrations(handle: DatabaseHandle) {
  const config = { migrationsFolder: migrationsFolder() };
  // Each engine's migrator loads only when it is used (see openDatabase).
  if (handle.engine === "pglite") {
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
    return;
  }
  const [{ default: pg }, { drizzle }, { migrate: migrateNodePg }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres"), import("drizzle-orm/node-postgres/migrator")]);
  // A connection of its own, so the session-level lock and the migrator's transaction share it.
  const client = new pg.Client({ connectionString: handle.url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrateNodePg(drizzle({ client }), config);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
