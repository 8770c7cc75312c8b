import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPEN_STREAMS_PER_ADDRESS, TOO_MANY_STREAMS_MESSAGE } from "../../app/platform/realtime/stream-cap.server";
import { PUBLIC_READS_PER_MINUTE } from "../../app/platform/security/read-limit.server";
import { freePort, spawnServer, tempDataDir, waitUntilHealthy, type ServerProcess } from "../setup/server-process";

/** The production server as a real process, running: health, headers, request ids, caching, compression. (Starting and stopping: server-lifecycle.test.ts.) */

describe("the running server", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = spawnServer({ PORT: String(await freePort()), DATA_DIR: tempDataDir() });
    await waitUntilHealthy(server);
  }, 90_000);
  afterAll(() => {
    server?.child.kill("SIGKILL");
  });

  it("starts on an empty DATA_DIR as a fresh clone does: creates, migrates and seeds the embedded database", async () => {
    // The only test that pays for a new embedded database; the others copy a prepared one.
    expect(server.stdout()).toContain("loaded the demo data into the new database");
    const page = await (await fetch(`${server.url}/adopt-hive`)).text();
    expect(page).toContain("Forager");
  });

  it("reports database health", async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("sends security headers and a CSP nonce that the page's scripts carry (pages not cached; cached ones: page-cache.test.ts)", async () => {
    const response = await fetch(`${server.url}/customer-auth`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // A new nonce for every response.
    const again = await fetch(`${server.url}/customer-auth`);
    expect(again.headers.get("content-security-policy")).not.toBe(csp);
  });

  it("keeps a valid incoming request id and logs the request with it as JSON", async () => {
    await fetch(`${server.url}/api/health`, { headers: { "x-request-id": "trace-abc.123" } });
    await new Promise((r) => setTimeout(r, 100));
    const line = server
      .stdout()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.requestId === "trace-abc.123");
    expect(line).toMatchObject({ msg: "request", method: "GET", path: "/api/health", status: 200 });
  });

  it("caches fingerprinted assets for a year and other files briefly", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await fetch(`${server.url}${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const favicon = await fetch(`${server.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=600");
  });

  it("serves the bundle from memory, as the build compressed it, and answers a revalidation with 304", async () => {
    const html = await (await fetch(`${server.url}/stanwood`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    const plain = await rawGet(`${server.url}${asset}`, {});
    const br = await rawGet(`${server.url}${asset}`, { "accept-encoding": "gzip, br" });
    const gz = await rawGet(`${server.url}${asset}`, { "accept-encoding": "gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(gz.body.length);
    expect(br.headers.vary).toBe("Accept-Encoding");
    // A public file carries the headers of a page that apply to it; a fingerprinted one (public,
    // never revalidated) only nosniff.
    const favicon = await rawGet(`${server.url}/favicon.svg`, { "accept-encoding": "br" });
    for (const file of [favicon, await rawGet(`${server.url}/og-card.png`, {})]) {
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(file.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(file.headers.etag).toMatch(/^"[\w-]+"$/);
    }
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(br.headers["cross-origin-resource-policy"]).toBeUndefined();
    expect(br.headers["referrer-policy"]).toBeUndefined();
    expect(br.headers.etag).toBeUndefined();
    const again = await fetch(`${server.url}/favicon.svg`, { headers: { "if-none-match": String(favicon.headers.etag), "accept-encoding": "br" } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    const image = await fetch(`${server.url}/og-card.png`);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-encoding")).toBeNull();
    expect((await image.arrayBuffer()).byteLength).toBe(Number(image.headers.get("content-length")));
  });

  it("sends a rendered page whole, with its length, compressed as the browser accepts: brotli, gzip or not at all", async () => {
    // A page for one visitor (rendered for each request, with its own nonce): not the page cache.
    const withoutNonce = (answer: { headers: Record<string, string | string[] | undefined> }, html: string) => {
      const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))![1]!;
      return html.replaceAll(nonce, "");
    };
    const plain = await rawGet(`${server.url}/customer-auth`, {});
    const br = await rawGet(`${server.url}/customer-auth`, { "accept-encoding": "gzip, br" });
    const gz = await rawGet(`${server.url}/customer-auth`, { "accept-encoding": "gzip" });
    const html = plain.body.toString();
    expect(html).toMatch(/^<!DOCTYPE html><html[\s\S]*<\/html>$/);
    // Nothing was left for the browser to render, and React Router's loader data, read whole
    // before the page was rendered (render-document.server.ts), is in the page in one piece.
    expect(html).not.toContain("<!--$!-->");
    expect(html.match(/streamController\.enqueue\(/g)).toHaveLength(1);
    expect(html).toContain("streamController.close()");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    for (const answer of [plain, br, gz]) {
      expect(answer.headers["content-length"]).toBe(String(answer.body.length));
      expect(answer.headers["transfer-encoding"]).toBeUndefined();
      expect(answer.headers.vary).toContain("Accept-Encoding");
    }
    expect(withoutNonce(br, brotliDecompressSync(br.body).toString())).toBe(withoutNonce(plain, html));
    expect(withoutNonce(gz, gunzipSync(gz.body).toString())).toBe(withoutNonce(plain, html));
  });

  it("sends an answer of unknown length whole: uncompressed when short, compressed in one piece when longer", async () => {
    const health = await rawGet(`${server.url}/api/health`, { "accept-encoding": "gzip, br" });
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(health.headers["content-length"]).toBe(String(health.body.length));
    expect(health.headers.vary).toContain("Accept-Encoding");
    expect(JSON.parse(health.body.toString())).toEqual({ status: "ok", database: "pglite" });

    // A page's data for a navigation: longer than a kilobyte with the demo tiers.
    const plain = await rawGet(`${server.url}/adopt-hive.data`, {});
    expect(plain.body.length).toBeGreaterThan(1024);
    const gz = await rawGet(`${server.url}/adopt-hive.data`, { "accept-encoding": "gzip" });
    const br = await rawGet(`${server.url}/adopt-hive.data`, { "accept-encoding": "gzip, br" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(br.headers["content-encoding"]).toBe("br");
    for (const answer of [plain, gz, br]) {
      expect(answer.headers["content-length"]).toBe(String(answer.body.length));
      expect(answer.headers.vary).toContain("Accept-Encoding");
    }
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  it("compresses pages but never the event stream", async () => {
    const page = await rawGet(`${server.url}/`, { "accept-encoding": "gzip" });
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(page.body).toString()).toContain("<html");

    const events = await rawGet(`${server.url}/api/events`, { "accept-encoding": "gzip" }, 300);
    expect(events.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(events.headers["content-encoding"]).toBeUndefined();
    expect(events.body.toString()).toContain("event: ready");
  });

  it("answers TRACE with 405 and the methods it serves (TRACK with Node's 400), echoing nothing of the request", async () => {
    const probe = { cookie: "apiary.session_token=secret-cookie", "x-probe": "echo-me" };
    for (const path of ["/", "/favicon.svg", "/api/health", "/admin"]) {
      const answer = await rawRequest(`${server.url}${path}`, { method: "TRACE", headers: probe });
      expect(answer.status, path).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD, POST");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.body.toString()).not.toMatch(/secret-cookie|echo-me/);
    }
    const track = await rawRequest(`${server.url}/`, { method: "TRACK", headers: probe });
    expect(track.status).toBe(400);
    expect(track.body.toString()).not.toMatch(/secret-cookie|echo-me/);
  });

  it(`holds at most ${OPEN_STREAMS_PER_ADDRESS} open event streams per client address: one more is a 429 that says why, and a closed one frees its place`, async () => {
    const streams = await Promise.all(Array.from({ length: OPEN_STREAMS_PER_ADDRESS }, () => openStream(`${server.url}/api/events`)));
    try {
      expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
      const refused = await rawRequest(`${server.url}/api/events`, { method: "GET" });
      expect(refused.status).toBe(429);
      expect(refused.headers["retry-after"]).toBe("60");
      expect(refused.body.toString()).toBe(TOO_MANY_STREAMS_MESSAGE);

      streams.pop()!.close();
      let again = await openStream(`${server.url}/api/events`);
      // The server hears of the closed socket a moment later.
      for (let tries = 0; again.status !== 200 && tries < 50; tries++) {
        await new Promise((r) => setTimeout(r, 100));
        again = await openStream(`${server.url}/api/events`);
      }
      expect(again.status).toBe(200);
      streams.push(again);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it(`answers an address's availability reads past ${PUBLIC_READS_PER_MINUTE} a minute with a 429 that says when to try again`, async () => {
    const asset = `/api/assets/${crypto.randomUUID()}/booked-dates`;
    for (let i = 0; i < PUBLIC_READS_PER_MINUTE; i++) {
      const answer = await fetch(`${server.url}${asset}`);
      await answer.arrayBuffer();
      expect(answer.status, `read ${i + 1}`).toBe(404);
    }
    for (const path of [asset, `/api/locations/${crypto.randomUUID()}/assets`]) {
      const refused = await fetch(`${server.url}${path}`);
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      const { failure } = (await refused.json()) as { failure: { description: string } };
      expect(failure.description).toMatch(/^Too many requests from your address\. Please wait \d+ seconds? and try again\.$/);
    }
  });
});

/** A request on a connection of its own (no pooling, so the count of open streams is the test's). */
function rawRequest(url: string, options: { method: string; headers?: Record<string, string> }) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { ...options, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** An event stream left open until `close()`; resolves once its status is known. */
function openStream(url: string) {
  return new Promise<{ status: number; close: () => void }>((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      if (res.statusCode !== 200) res.on("end", () => req.destroy());
      resolve({ status: res.statusCode ?? 0, close: () => req.destroy() });
    });
    req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
}

function rawGet(url: string, headers: Record<string, string>, readForMs?: number) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      const finish = () => resolve({ headers: res.headers, body: Buffer.concat(chunks) });
      res.on("end", finish);
      if (readForMs) setTimeout(() => (req.destroy(), finish()), readForMs);
    });
    req.on("error", (error) => (readForMs ? undefined : reject(error)));
    req.end();
  });
}
