/**
 * The Node server (server/ and what it imports from app/) as plain JavaScript in build/, so
 * `npm start` runs compiled code instead of compiling TypeScript at every start. Runs after
 * `react-router build` (npm run build); npm packages stay external, installed beside the build.
 *
 * build/server.js is the entry; the rest of the server is a chunk it imports once NODE_ENV is
 * set (see server/index.ts). The files sit directly in build/: server/start.ts finds the project
 * root as its own directory's parent.
 */
import { build } from "esbuild";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT_DIR = path.join(ROOT, "build");
const CHUNK_PREFIX = "server-";
/** The sources it was built from: the tests refuse a bundle older than any of them (tests/setup/server-process.ts). */
const INPUTS_FILE = path.join(OUT_DIR, "server-inputs.json");

// Chunk names change with their content: drop the previous build's.
mkdirSync(OUT_DIR, { recursive: true });
for (const name of readdirSync(OUT_DIR, { withFileTypes: true }).map((entry) => entry.name)) {
  if (name === "server.js" || name.startsWith(CHUNK_PREFIX)) rmSync(path.join(OUT_DIR, name));
}

const { metafile } = await build({
  absWorkingDir: ROOT,
  entryPoints: { server: "server/index.ts" },
  outdir: OUT_DIR,
  chunkNames: `${CHUNK_PREFIX}[name]-[hash]`,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  logLevel: "warning",
  metafile: true,
});
writeFileSync(INPUTS_FILE, JSON.stringify(Object.keys(metafile.inputs).sort(), null, 2));
