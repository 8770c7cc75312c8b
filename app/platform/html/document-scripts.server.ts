import { StringDecoder } from "node:string_decoder";
import { Transform, type TransformCallback } from "node:stream";
import { DEFERRED_MODULE_TYPE } from "./deferred-hydration";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
// React Router's inline module script, which imports the route modules and starts hydration
// (with the response's nonce, or without one in a page for the page cache).
const HYDRATION_SCRIPT = /(<script(?: nonce="[^"]*")?) type="module" async="">/g;

/**
 * Passes a streamed HTML document through without React Router's `<link rel="modulepreload">`
 * tags. They ask the browser to fetch every script of the page while it is still fetching the
 * stylesheet and images the first paint needs; without them the scripts load once the module
 * script at the end of the body runs, after the page has painted. The page reads without its
 * scripts, so painting sooner is worth the scripts starting a little later.
 *
 * With `deferHydration`, React Router's hydration script is also given an inert type; the shell
 * script (ui/layout/shell-script.ts) starts it when the page's `data-hydrate-trigger` comes into
 * view (see PageHandle).
 *
 * A tag split across two chunks is held back until its end arrives.
 */
export function documentScriptsFilter(options: { deferHydration?: boolean; final?: (callback: () => void) => void } = {}) {
  const rewrite = (html: string) => {
    const withoutPreloads = html.replace(MODULE_PRELOAD, "");
    return options.deferHydration ? withoutPreloads.replace(HYDRATION_SCRIPT, `$1 type="${DEFERRED_MODULE_TYPE}">`) : withoutPreloads;
  };
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const text = held + decoder.write(chunk);
      const lastOpen = text.lastIndexOf("<");
      const cut = lastOpen !== -1 && text.indexOf(">", lastOpen) === -1 ? lastOpen : text.length;
      held = text.slice(cut);
      callback(null, rewrite(text.slice(0, cut)));
    },
    flush(callback: TransformCallback) {
      callback(null, rewrite(held + decoder.end()));
    },
    final: options.final,
  });
}
