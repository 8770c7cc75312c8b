import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE } from "./deferred-hydration";
import { rewriteDocumentScripts } from "./document-scripts.server";

const PRELOAD = '<link rel="modulepreload" href="/assets/entry.client-abc.js" nonce="n0nce=="/>';

describe("rewriteDocumentScripts", () => {
  it("removes React Router's module preload links and keeps everything else", () => {
    const html = `<head><link rel="stylesheet" href="/a.css"/></head><body><p>Bees</p>${PRELOAD}${PRELOAD.replace("entry", "root")}<script type="module">import "/assets/x.js";</script></body>`;
    expect(rewriteDocumentScripts(html)).toBe(
      '<head><link rel="stylesheet" href="/a.css"/></head><body><p>Bees</p><script type="module">import "/assets/x.js";</script></body>',
    );
  });

  it("with deferHydration, gives React Router's hydration script an inert type and leaves other scripts alone", () => {
    const hydration = '<script nonce="n0nce==" type="module" async="">import * as route0 from "/assets/root.js";</script>';
    const shell = '<script type="module" src="/assets/shell-script.js" nonce="n0nce=="></script>';
    const html = `<body>${shell}<script nonce="n0nce==">window.__reactRouterContext = {};</script>${hydration}</body>`;
    expect(rewriteDocumentScripts(html, { deferHydration: true })).toBe(html.replace('type="module" async=""', `type="${DEFERRED_MODULE_TYPE}"`));
    expect(rewriteDocumentScripts(html)).toBe(html);
    // A page rendered for the page cache has no nonce (its policy lists hashes).
    const withoutNonce = html.replaceAll(' nonce="n0nce=="', "");
    expect(rewriteDocumentScripts(withoutNonce, { deferHydration: true })).toBe(withoutNonce.replace('type="module" async=""', `type="${DEFERRED_MODULE_TYPE}"`));
  });

  it("leaves a modulepreload written as page text alone", () => {
    const html = "<pre>&lt;link rel=&quot;modulepreload&quot;&gt;</pre>";
    expect(rewriteDocumentScripts(html)).toBe(html);
  });
});
