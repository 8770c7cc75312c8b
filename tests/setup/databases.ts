import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/platform/db/client.server";
import { runMigrations } from "~/platform/db/migrate.server";

/**
 * The engines every integration test runs on: embedded PGlite always, and PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it; there a missing server is a failure, not a skip).
 */
export type TestEngine = { name: "pglite" | "postgres"; open: () => Promise<TestDatabase> };
export type TestDatabase = DatabaseHandle & { dispose: () => Promise<void> };

export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [{ name: "pglite", open: openTestPglite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) engines.push({ name: "postgres", open: () => openTestPostgres(url) });
  return engines;
}

async function openTestPglite(): Promise<TestDatabase> {
  const handle = await openDatabase({ dataDir: "memory://" });
  await runMigrations(handle);
  return { ...handle, dispose: () => handle.close() };
}

/** A database of its own per call, dropped on dispose, so test files never see each other's rows. */
export async function createScratchDatabase(baseUrl: string) {
  const name = `apiary_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function openTestPostgres(baseUrl: string): Promise<TestDatabase> {
  const scratch = await createScratchDatabase(baseUrl);
  const handle = await openDatabase({ databaseUrl: scratch.url, poolMax: 5 });
  await runMigrations(handle);
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}
