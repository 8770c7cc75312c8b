import type { TestProject } from "vitest/node";
import { createPgliteTemplate, createPostgresTemplate, removeDir } from "./templates";

declare module "vitest" {
  export interface ProvidedContext {
    /** Data directory of a migrated embedded database, copied by each test file. */
    pgliteTemplate: string;
    /** The same with the demo data, as a server leaves it after its first start. */
    pgliteSeededTemplate: string;
    /** Name of a migrated PostgreSQL database on TEST_DATABASE_URL's server ("" without one). */
    postgresTemplate: string;
    postgresSeededTemplate: string;
  }
}

/** Migrates once per engine for the whole run (tests/setup/databases.ts copies the result). */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  const [pglite, pgliteSeeded, postgres, postgresSeeded] = await Promise.all([
    createPgliteTemplate("migrated"),
    createPgliteTemplate("seeded"),
    url ? createPostgresTemplate(url, "migrated") : undefined,
    url ? createPostgresTemplate(url, "seeded") : undefined,
  ]);
  project.provide("pgliteTemplate", pglite);
  project.provide("pgliteSeededTemplate", pgliteSeeded);
  project.provide("postgresTemplate", postgres?.name ?? "");
  project.provide("postgresSeededTemplate", postgresSeeded?.name ?? "");
  return async () => {
    removeDir(pglite);
    removeDir(pgliteSeeded);
    await postgres?.drop();
    await postgresSeeded?.drop();
  };
}
