/**
 * `npm run build`, last step: a migrated embedded database in build/pglite-template, which a new
 * DATA_DIR starts from instead of running PGlite's initdb (app/platform/db/pglite-template.server.ts).
 */
import { sql } from "drizzle-orm";
import { mkdtempSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../app/platform/db/client.server";
import { runMigrations } from "../app/platform/db/migrate.server";
import { pgliteTemplateDir } from "../app/platform/db/pglite-template.server";

const SHARED_BUFFERS = "32MB";
const target = pgliteTemplateDir();
const work = mkdtempSync(path.join(path.dirname(target), "pglite-template-"));
try {
  const handle = await openDatabase({ dataDir: work });
  try {
    await runMigrations(handle);
    // initdb's 128 MB of shared buffers are zeroed at every start (the largest part of PGlite's
    // start, and as much resident memory); a site this size reads its working set through the
    // file system's cache anyway.
    await handle.db.execute(sql.raw(`ALTER SYSTEM SET shared_buffers = '${SHARED_BUFFERS}'`));
  } finally {
    await handle.close();
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(path.join(work, "pglite"), target);
} finally {
  rmSync(work, { recursive: true, force: true });
}
