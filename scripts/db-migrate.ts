/** `npm run db:migrate`: brings the configured database (embedded or DATABASE_URL) up to date. */
import { openDatabase } from "../app/platform/db/client.server";
import { runMigrations } from "../app/platform/db/migrate.server";
import { EnvError, parseEnv } from "../app/platform/env.server";

try {
  const env = parseEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await runMigrations(handle);
  await handle.close();
  console.log(`Migrations applied (${handle.engine}).`);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
