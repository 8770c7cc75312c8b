import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/platform/db/client.server";
import { runMigrations } from "~/platform/db/migrate.server";
import { startFromTemplate } from "~/platform/db/pglite-template.server";
import { seedDemoData } from "~/platform/db/seed/seed.server";

/**
 * Databases for tests, made once per run and copied per test file (Vitest) or per server
 * (Playwright): migrating a fresh embedded database costs seconds (most of it PGlite's initdb),
 * copying a migrated one a fraction of that.
 *
 * - PGlite: a data directory (DATA_DIR-shaped: its files under `pglite/`) copied with cp;
 * - PostgreSQL: a template database, copied by `CREATE DATABASE … TEMPLATE …`.
 */

export type TemplateContent = "migrated" | "seeded";

/** Scratch directories live in memory when the machine has a tmpfs for it. */
const scratchRoot = () => (existsSync("/dev/shm") ? "/dev/shm" : tmpdir());

export const tempDir = (prefix: string) => mkdtempSync(path.join(scratchRoot(), prefix));

/** Migrates, seeds when asked, and closes. */
async function fill(handle: DatabaseHandle, content: TemplateContent) {
  try {
    await runMigrations(handle);
    if (content === "seeded") await seedDemoData(handle.db);
  } finally {
    await handle.close();
  }
}

// ---- PGlite

/** A migrated (and, for servers, seeded) embedded database in a directory of its own. */
export async function createPgliteTemplate(content: TemplateContent): Promise<string> {
  const dir = tempDir(`apiary-template-${content}-`);
  // From the build's migrated database when there is one, as a server's first start does.
  startFromTemplate(dir);
  await fill(await openDatabase({ dataDir: dir }), content);
  return dir;
}

/** A copy of a template's data directory, for one test file or one server. */
export function copyPgliteTemplate(templateDir: string): string {
  const dir = tempDir("apiary-test-db-");
  cpSync(templateDir, dir, { recursive: true });
  return dir;
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

// ---- PostgreSQL

async function withAdminClient<T>(baseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function urlOf(baseUrl: string, name: string) {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export type ScratchDatabase = { name: string; url: string; drop: () => Promise<void> };

/**
 * A database of its own, dropped by `drop`; a copy of `template` when given. PostgreSQL copies a
 * template only while nobody else is connected to it: a copy started at the same moment as
 * another waits its turn.
 */
export async function createScratchDatabase(baseUrl: string, template?: string): Promise<ScratchDatabase> {
  const name = `apiary_t_${randomBytes(6).toString("hex")}`;
  await withAdminClient(baseUrl, async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
        return;
      } catch (error) {
        const busy = (error as { code?: string }).code === "55006"; // object_in_use: the template is being copied
        if (!busy || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 100));
      }
    }
  });
  return {
    name,
    url: urlOf(baseUrl, name),
    drop: () => withAdminClient(baseUrl, async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/** A migrated (and, for servers, seeded) PostgreSQL database to copy from. */
export async function createPostgresTemplate(baseUrl: string, content: TemplateContent): Promise<ScratchDatabase> {
  const scratch = await createScratchDatabase(baseUrl);
  await fill(await openDatabase({ databaseUrl: scratch.url, poolMax: 2 }), content);
  return scratch;
}
