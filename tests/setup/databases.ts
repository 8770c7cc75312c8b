import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/platform/db/client.server";
import { copyPgliteTemplate, createScratchDatabase, removeDir, type ScratchDatabase } from "./templates";

/**
 * The engines every integration test runs on: embedded PGlite always, and PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it; there a missing server is a failure, not a skip).
 * Each `open()` is a database of its own, copied from the migrated template that
 * tests/setup/vitest-global-setup.ts made once for the run.
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
  const dataDir = copyPgliteTemplate(inject("pgliteTemplate"));
  const handle = await openDatabase({ dataDir });
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      removeDir(dataDir);
    },
  };
}

async function openTestPostgres(baseUrl: string): Promise<TestDatabase> {
  const scratch = await createScratchDatabase(baseUrl, inject("postgresTemplate"));
  const handle = await openDatabase({ databaseUrl: scratch.url, poolMax: 5 });
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** A DATA_DIR holding a migrated embedded database with the demo data, as after a first start. */
export function seededDataDir() {
  return copyPgliteTemplate(inject("pgliteSeededTemplate"));
}

/** A PostgreSQL database with the demo data, as after a first start (needs TEST_DATABASE_URL). */
export function seededPostgresDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(process.env.TEST_DATABASE_URL!, inject("postgresSeededTemplate"));
}
