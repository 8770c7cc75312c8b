import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE } from "./deferred-hydration";
import { documentScriptsFilter } from "./document-scripts.server";

async function filter(chunks: string[]) {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(documentScriptsFilter()));
}

const PRELOAD = '<link rel="modulepreload" href="/assets/entry.client-abc.js" nonce="n0nce=="/>';

describe("documentScriptsFilter", () => {
  it("removes React Router's module preload links and keeps everything else", async () => {
    const html = `<head><link rel="stylesheet" href="/a.css"/></head><body><p>Bees</p>${PRELOAD}${PRELOAD.replace("entry", "root")}<script type="module">import "/assets/x.js";</script></body>`;
    expect(await filter([html])).toBe(
      '<head><link rel="stylesheet" href="/a.css"/></head><body><p>Bees</p><script type="module">import "/assets/x.js";</script></body>',
    );
  });

  it("removes a link split across chunks, at any point", async () => {
    const html = `<p>a</p>${PRELOAD}<p>b</p>`;
    for (let at = 1; at < html.length; at++) {
      expect(await filter([html.slice(0, at), html.slice(at)]), `split at ${at}`).toBe("<p>a</p><p>b</p>");
    }
  });

  it("keeps multi-byte characters split across chunks intact", async () => {
    const bytes = Buffer.from("<p>Café 🐝</p>");
    const chunks = [bytes.subarray(0, 8), bytes.subarray(8, 12), bytes.subarray(12)];
    expect(await text(Readable.from(chunks).pipe(documentScriptsFilter()))).toBe("<p>Café 🐝</p>");
  });

  it("with deferHydration, gives React Router's hydration script an inert type and leaves other scripts alone", async () => {
    const hydration = '<script nonce="n0nce==" type="module" async="">import * as route0 from "/assets/root.js";</script>';
    const shell = '<script type="module" src="/assets/shell-script.js" nonce="n0nce=="></script>';
    const html = `<body>${shell}<script nonce="n0nce==">window.__reactRouterContext = {};</script>${hydration}</body>`;
    const deferred = await text(Readable.from([Buffer.from(html)]).pipe(documentScriptsFilter({ deferHydration: true })));
    expect(deferred).toBe(html.replace('type="module" async=""', `type="${DEFERRED_MODULE_TYPE}"`));
    expect(await filter([html])).toBe(html);
    // A page rendered for the page cache has no nonce (its policy lists hashes).
    const withoutNonce = html.replaceAll(' nonce="n0nce=="', "");
    const deferredWithoutNonce = await text(Readable.from([Buffer.from(withoutNonce)]).pipe(documentScriptsFilter({ deferHydration: true })));
    expect(deferredWithoutNonce).toBe(withoutNonce.replace('type="module" async=""', `type="${DEFERRED_MODULE_TYPE}"`));
  });

  it("leaves a modulepreload written as page text alone", async () => {
    const html = "<pre>&lt;link rel=&quot;modulepreload&quot;&gt;</pre>";
    expect(await filter([html])).toBe(html);
  });
});
