import { cpSync, existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./migrate.server";

/** A migrated embedded database that `npm run build` leaves (scripts/build-pglite-template.ts). */
export const pgliteTemplateDir = () => path.join(projectRoot(), "build/pglite-template");

/**
 * A new DATA_DIR's embedded database starts as a copy of the build's template: PGlite's initdb
 * costs several seconds of CPU at a first start, a copy a fraction of one, and the migrations the
 * template holds are already applied. Without a template (no build yet, the development server),
 * or with a database already there, PGlite is left to do as it does. True when it copied.
 */
export function startFromTemplate(dataDir: string): boolean {
  // Where openDatabase keeps PGlite's files.
  const target = path.resolve(dataDir, "pglite");
  if (existsSync(target) && readdirSync(target).length > 0) return false;
  const template = pgliteTemplateDir();
  if (!existsSync(path.join(template, "PG_VERSION"))) return false;
  // Copied whole under another name, then renamed into place: a start interrupted mid-copy
  // leaves no half database behind.
  const draft = `${target}.${process.pid}.draft`;
  rmSync(draft, { recursive: true, force: true });
  cpSync(template, draft, { recursive: true });
  rmSync(target, { recursive: true, force: true });
  renameSync(draft, target);
  return true;
}
