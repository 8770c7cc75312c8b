import { DEFERRED_MODULE_TYPE } from "./deferred-hydration";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
// React Router's inline module script, which imports the route modules and starts hydration
// (with the response's nonce, or without one in a page for the page cache).
const HYDRATION_SCRIPT = /(<script(?: nonce="[^"]*")?) type="module" async="">/g;

/**
 * A rendered document without React Router's `<link rel="modulepreload">` tags. They ask the
 * browser to fetch every script of the page while it is still fetching the stylesheet and images
 * the first paint needs; without them the scripts load once the module script at the end of the
 * body runs, after the page has painted. The page reads without its scripts, so painting sooner
 * is worth the scripts starting a little later.
 *
 * With `deferHydration`, React Router's hydration script is also given an inert type; the shell
 * script (ui/layout/shell-script.ts) starts it when the page's `data-hydrate-trigger` comes into
 * view (see PageHandle).
 */
export function rewriteDocumentScripts(html: string, options: { deferHydration?: boolean } = {}): string {
  const withoutPreloads = html.replace(MODULE_PRELOAD, "");
  return options.deferHydration ? withoutPreloads.replace(HYDRATION_SCRIPT, `$1 type="${DEFERRED_MODULE_TYPE}">`) : withoutPreloads;
}
