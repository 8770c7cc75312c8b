import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded the first time it is used instead of when the server starts: for
 * packages that only some requests need and that are slow to load (sanitize-html with its HTML
 * parser and PostCSS, ics with its validator), so a restart serves its first page sooner.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
