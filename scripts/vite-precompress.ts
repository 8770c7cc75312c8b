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
 */
export function precompress(): Plugin {
  return {
    name: "apiary-precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (!options.dir) return;
      const files = (await readdir(options.dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          if (body.length < 256) return;
          const [gzipped, brotlied] = await Promise.all([
            gzip(body, { level: 9 }),
            brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          ]);
          await Promise.all([writeFile(`${file}.gz`, gzipped), writeFile(`${file}.br`, brotlied)]);
        }),
      );
    },
  };
}
