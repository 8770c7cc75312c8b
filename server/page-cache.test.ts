import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { answerFrom, cachedPageOf, inlineScriptHashes, isAnonymousRequest, PageCache, policyWithHashes, type CachedPage } from "./page-cache";

async function pageReading(tables: string[], html = "<p>hello</p>") {
  return cachedPageOf({ headers: { "content-type": "text/html" }, body: Buffer.from(html), tables: new Set(tables) });
}

describe("the page cache", () => {
  it("keeps a page until a table it read changes, and only that page", async () => {
    const cache = new PageCache();
    cache.store("/blog", await pageReading(["posts", "menu_items"]), 0);
    cache.store("/stanwood", await pageReading(["bookings", "menu_items"]), 0);
    expect(cache.get("/blog")).toBeDefined();
    cache.invalidate(["posts"]);
    expect(cache.get("/blog")).toBeUndefined();
    expect(cache.get("/stanwood")).toBeDefined();
    cache.invalidate(["menu_items"]);
    expect(cache.get("/stanwood")).toBeUndefined();
  });

  it("does not keep a page whose render began before a change to a table it read", async () => {
    const cache = new PageCache();
    const before = await cache.fill("/blog", async (mark) => {
      // The change arrives while the page renders: its rows may predate it.
      cache.invalidate(["posts"]);
      const page = await pageReading(["posts"]);
      expect(cache.store("/blog", page, mark)).toBe(false);
      return undefined;
    });
    expect(before).toBeUndefined();
    expect(cache.get("/blog")).toBeUndefined();
    // A change to a table it did not read does not matter; a later render is kept.
    await cache.fill("/blog", async (mark) => {
      cache.invalidate(["bookings"]);
      expect(cache.store("/blog", await pageReading(["posts"]), mark)).toBe(true);
      return undefined;
    });
    expect(cache.get("/blog")).toBeDefined();
  });

  it("drops everything, and refuses renders begun before, when changes may have been missed", async () => {
    const cache = new PageCache();
    const mark = 0;
    cache.store("/", await pageReading(["menu_items"]), mark);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.store("/", await pageReading(["menu_items"]), mark)).toBe(false);
  });

  it("renders a page once for requests that come together", async () => {
    const cache = new PageCache();
    let renders = 0;
    const render = async (mark: number) => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const page = await pageReading(["posts"]);
      cache.store("/blog", page, mark);
      return page satisfies CachedPage;
    };
    const pages = await Promise.all([cache.fill("/blog", render), cache.fill("/blog", render), cache.fill("/blog", render)]);
    expect(renders).toBe(1);
    expect(new Set(pages).size).toBe(1);
    await cache.fill("/blog", render);
    expect(renders).toBe(2);
  });

  it("forgets a page after its maximum age, and the least recently served one when full", async () => {
    let now = 1_000;
    const cache = new PageCache({ maxAgeMs: 60_000, maxEntries: 2, now: () => now });
    cache.store("/a", await pageReading([]), 0);
    now += 59_999;
    expect(cache.get("/a")).toBeDefined();
    now += 1;
    expect(cache.get("/a")).toBeUndefined();

    cache.store("/a", await pageReading([]), 0);
    cache.store("/b", await pageReading([]), 0);
    cache.get("/a");
    cache.store("/c", await pageReading([]), 0);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/c")).toBeDefined();
  });
});

describe("answering from a cached page", () => {
  it("sends brotli or gzip as asked, the same page either way, each with its strong ETag", async () => {
    const html = `<!doctype html><p>${"bees ".repeat(500)}</p>`;
    const page = await pageReading([], html);
    const br = answerFrom(page, { method: "GET", acceptEncoding: "gzip, deflate, br" });
    const gz = answerFrom(page, { method: "GET", acceptEncoding: "gzip" });
    const plain = answerFrom(page, { method: "GET" });
    expect(br.headers["Content-Encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body!).toString()).toBe(html);
    expect(gz.headers["Content-Encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body!).toString()).toBe(html);
    expect(plain.body!.toString()).toBe(html);
    expect(plain.headers["Content-Encoding"]).toBeUndefined();
    expect(new Set([br.headers.ETag, gz.headers.ETag, plain.headers.ETag]).size).toBe(3);
    for (const answer of [br, gz, plain]) {
      expect(answer.headers.ETag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(answer.headers["Content-Length"]).toBe(String(answer.body!.length));
    }
  });

  it("answers 304 to a revalidation naming one of its ETags, and no body to HEAD", async () => {
    const page = await pageReading([]);
    const first = answerFrom(page, { method: "GET", acceptEncoding: "gzip" });
    expect(answerFrom(page, { method: "GET", acceptEncoding: "gzip", ifNoneMatch: first.headers.ETag })).toMatchObject({ status: 304, body: undefined });
    expect(answerFrom(page, { method: "GET", acceptEncoding: "br", ifNoneMatch: `W/${first.headers.ETag}, "other"` }).status).toBe(304);
    expect(answerFrom(page, { method: "GET", ifNoneMatch: '"something-else"' }).status).toBe(200);
    const other = await pageReading([], "<p>changed</p>");
    expect(answerFrom(other, { method: "GET", acceptEncoding: "gzip", ifNoneMatch: first.headers.ETag }).status).toBe(200);
    const head = answerFrom(page, { method: "HEAD", acceptEncoding: "gzip" });
    expect(head.status).toBe(200);
    expect(head.body).toBeUndefined();
    expect(head.headers["Content-Length"]).toBe(first.headers["Content-Length"]);
  });

  it("hands every hit the same headers, made once, that no answer can change", async () => {
    const page = await pageReading([]);
    const first = answerFrom(page, { method: "GET", acceptEncoding: "gzip" });
    const second = answerFrom(page, { method: "GET", acceptEncoding: "gzip" });
    expect(second.headers).toBe(first.headers);
    expect(first.headers["X-Page-Cache"]).toBe("hit");
    expect(() => ((first.headers as Record<string, string>).ETag = '"mine"')).toThrow(TypeError);
    expect(answerFrom(page, { method: "GET", acceptEncoding: "gzip" }).headers.ETag).toBe(first.headers.ETag);
  });
});

describe("who may be served from the cache", () => {
  it("only a GET or HEAD without any cookie or credentials", () => {
    expect(isAnonymousRequest("GET", {})).toBe(true);
    expect(isAnonymousRequest("HEAD", { "accept-encoding": "br" })).toBe(true);
    expect(isAnonymousRequest("POST", {})).toBe(false);
    expect(isAnonymousRequest("GET", { cookie: "apiary.session_token=abc" })).toBe(false);
    expect(isAnonymousRequest("GET", { cookie: "apiary.toast=xyz" })).toBe(false);
    expect(isAnonymousRequest("GET", { cookie: "anything=else" })).toBe(false);
    expect(isAnonymousRequest("GET", { authorization: "Basic eDp5" })).toBe(false);
  });
});

describe("the content security policy of a cached page", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

  it("lists each inline script's hash once, and no script with a src", () => {
    const html = `<script>window.a = "ü";</script><script type="module" async="">import("/x.js")</script><script src="/s.js"></script><script type="module" src="/m.js"></script><script>window.a = "ü";</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha('window.a = "ü";'), sha('import("/x.js")')]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });

  it("puts the hashes where the nonce was, and leaves the rest of the policy as it was", () => {
    const live = "default-src 'self'; script-src 'self' 'nonce-abc123=='; style-src 'self' 'unsafe-inline'; object-src 'none'";
    expect(policyWithHashes(live, ["'sha256-A'", "'sha256-B'"])).toBe("default-src 'self'; script-src 'self' 'sha256-A' 'sha256-B'; style-src 'self' 'unsafe-inline'; object-src 'none'");
    expect(policyWithHashes(live, [])).toBe("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; object-src 'none'");
  });
});
