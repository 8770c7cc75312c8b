/** `npm run db:seed`: migrates, then adds whatever demo rows are missing (safe to run again). */
import { openDatabase } from "../app/platform/db/client.server";
import { runMigrations } from "../app/platform/db/migrate.server";
import { seedDemoData } from "../app/platform/db/seed/seed.server";
import { EnvError, parseEnv } from "../app/platform/env.server";

try {
  const env = parseEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await runMigrations(handle);
  await seedDemoData(handle.db);
  await handle.close();
  console.log(`Demo data is in place (${handle.engine}).`);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Seeding failed: ${(error as Error).message}`);
  process.exit(1);
}
