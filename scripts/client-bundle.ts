/**
 * What each page's browser fetches on load, read from the production build (no browser, no
 * server: a couple of seconds). The build's route manifest (React Router's `assets`, the same
 * object the documents are rendered from) names every route's module and the chunks it imports;
 * the routes' handles say whether a document hydrates (PageHandle). Sizes are the brotli files
 * the build writes beside each script (scripts/vite-precompress.ts), i.e. what goes on the wire.
 *
 * Used by scripts/bundle-budget.ts (the budgets, run by `npm test`) and bench/bundle.ts (where
 * the bytes go).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const ROOT = path.resolve(import.meta.dirname, "..");
const CLIENT_DIR = path.join(ROOT, "build/client");
const SERVER_BUNDLE = path.join(ROOT, "build/server/index.js");

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[]; hasDefaultExport?: boolean };
type ServerBuild = {
  assets: { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute>; url: string };
  routes: Record<string, { module: { handle?: { hydrate?: false | "deferred"; backOffice?: true } } }>;
};

export type LoadPath = {
  /** The leaf route's id (routes/customer/adopt-hive-signup). */
  routeId: string;
  /** How the document hydrates: at once, when its widget is reached, or never. */
  hydrate: "load" | "deferred" | "never";
  backOffice: boolean;
  /** Scripts fetched before the page is interactive (a deferred page: once its part is reached). */
  files: string[];
  /** Scripts fetched by the document itself before anything is touched. */
  onLoadFiles: string[];
};

export type ClientBuild = {
  /** The document routes (with a component), leaf first in nothing: one entry per leaf route. */
  pages: LoadPath[];
  /** Brotli bytes of one built script (its URL path, /assets/x.js). */
  brotliBytes: (file: string) => number;
  rawBytes: (file: string) => number;
};

export async function readClientBuild(): Promise<ClientBuild> {
  if (!existsSync(SERVER_BUNDLE)) throw new Error("No production build: run `npm run build` first.");
  const build = (await import(pathToFileURL(SERVER_BUNDLE).href)) as ServerBuild;
  const { entry, routes, url: routeManifest } = build.assets;
  // The shell's small script is on every document (root.tsx); the build names it by its hash.
  const shell = findShellScript([routes.root!.module, ...(routes.root!.imports ?? [])]);

  const chain = (id: string): ManifestRoute[] => {
    const route = routes[id]!;
    return route.parentId ? [...chain(route.parentId), route] : [route];
  };
  const isParent = new Set(Object.values(routes).map((r) => r.parentId));
  const pages = Object.values(routes)
    .filter((route) => route.hasDefaultExport && !isParent.has(route.id))
    .map((route): LoadPath => {
      const matched = chain(route.id);
      const handles = matched.map((r) => build.routes[r.id]?.module.handle ?? {});
      const hydrate = handles.some((h) => h.hydrate === false) ? "never" : handles.some((h) => h.hydrate === "deferred") ? "deferred" : "load";
      // The route manifest is a script of its own (routeDiscovery "initial"), read before hydration.
      const react = unique([routeManifest, entry.module, ...entry.imports, ...matched.flatMap((r) => [r.module, ...(r.imports ?? [])])]);
      const files = hydrate === "never" ? [shell] : unique([shell, ...react]);
      return {
        routeId: route.id,
        hydrate,
        backOffice: handles.some((h) => h.backOffice === true),
        files,
        onLoadFiles: hydrate === "load" ? files : [shell],
      };
    });

  const sizes = new Map<string, number>();
  const brotliBytes = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      const onDisk = path.join(CLIENT_DIR, file);
      // Files under 256 bytes are not precompressed: compress them here.
      size = existsSync(`${onDisk}.br`) ? readFileSync(`${onDisk}.br`).length : zlib.brotliCompressSync(readFileSync(onDisk)).length;
      sizes.set(file, size);
    }
    return size;
  };
  const rawBytes = (file: string) => readFileSync(path.join(CLIENT_DIR, file)).length;
  return { pages, brotliBytes, rawBytes };
}

function findShellScript(rootFiles: string[]): string {
  // root.tsx imports the shell script's URL (`?worker&url`): the root's chunks hold it as a string.
  for (const file of rootFiles) {
    const match = /["'`](\/assets\/shell-script-[\w-]+\.js)["'`]/.exec(readFileSync(path.join(CLIENT_DIR, file), "utf8"));
    if (match) return match[1]!;
  }
  throw new Error(`The shell script's URL is not in the root's chunks (${rootFiles.join(", ")}): did root.tsx change how it loads it?`);
}

const unique = (files: string[]) => [...new Set(files)];

export const kb = (bytes: number) => bytes / 1024;

/** A page's budget; `ceilingKb`, while a page is still above its budget: it may not grow past that. */
export type Budget = { kb: number; what: string; ceilingKb?: number };

/**
 * The budgets, on the scripts a page fetches before it is interactive (docs/decisions/
 * 0021-script-budgets.md says what each rests on): the pages where visitors book, sign in and
 * sponsor 120 KB; a back-office screen 200 KB (the rich-text editor loads when an editor
 * opens); the marketing pages as they are: the shell script alone, and the two pages that
 * hydrate when their form or widget is reached no more than any other public page; every other
 * page (the blog, a stay's page, the staff door, the two-step sign-in) 150 KB.
 */
export const INTERACTIVE_PAGES = ["routes/customer/adopt-hive-signup", "routes/customer/customer-auth", "routes/customer/sponsor-profile"];

export function budgetFor(page: LoadPath): Budget | undefined {
  const budget = targetFor(page);
  const ceilingKb = NOT_YET_WITHIN[page.routeId];
  return ceilingKb ? { ...budget, ceilingKb } : budget;
}

function targetFor(page: LoadPath): Budget {
  if (INTERACTIVE_PAGES.includes(page.routeId)) return { kb: 120, what: "interactive page" };
  if (page.backOffice) return { kb: 200, what: "back-office screen" };
  if (page.hydrate === "never") return { kb: 3, what: "marketing page" };
  if (page.hydrate === "deferred") return { kb: 120, what: "marketing page, once in use" };
  return { kb: 150, what: "other page" };
}

/**
 * Pages not yet within their budget, each held at what it loads today (KB, brotli) so that it
 * can only shrink; a page leaves this list once it is within its budget.
 */
const NOT_YET_WITHIN: Record<string, number> = {};
