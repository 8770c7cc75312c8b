import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|html|json|txt|xml|webmanifest)$/;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the browser build, at the
 * strongest settings: done once here, the server (server/static-files.ts) never compresses them.
 * It runs once every environment is built: React Router writes the browser's route manifest
 * (assets/manifest-*.js) while it builds the server.
 */
export function precompress(): Plugin {
  return {
    name: "apiary-precompress",
    apply: "build",
    buildApp: {
      order: "post",
      async handler(builder) {
        const dir = builder.environments.client?.config.build.outDir;
        if (!dir) return;
        const root = path.resolve(builder.config.root, dir);
        const files = (await readdir(root, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
          .map((entry) => path.join(entry.parentPath, entry.name));
        await Promise.all(files.map(compressBeside));
      },
    },
  };
}

async function compressBeside(file: string) {
  const body = await readFile(file);
  if (body.length < 256) return;
  const [gzipped, brotlied] = await Promise.all([
    gzip(body, { level: 9 }),
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  await Promise.all([writeFile(`${file}.gz`, gzipped), writeFile(`${file}.br`, brotlied)]);
}
