import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StaticFiles } from "./static-files";

/**
 * A build without the precompressed copies the production build writes beside each file (the
 * integration tests serve those): each file is compressed on first request, and every encoding
 * says it is the same file.
 */
describe("static files without precompressed copies", () => {
  const root = mkdtempSync(path.join(tmpdir(), "apiary-static-"));
  const script = `export const words = ${JSON.stringify("bee ".repeat(400))};\n`;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    mkdirSync(path.join(root, "assets"));
    writeFileSync(path.join(root, "assets", "entry-abc123.js"), script);
    writeFileSync(path.join(root, "robots.txt"), `User-agent: *\n${"Allow: /\n".repeat(60)}`);
    const files = new StaticFiles(root);
    server = createServer((req, res) => void files.serve(req, res, new URL(req.url!, "http://x").pathname));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  const get = (pathname: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      request(`${url}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on("error", reject)
        .end();
    });

  it("compresses a file once asked for, with brotli or gzip as the client takes them", async () => {
    const br = await get("/assets/entry-abc123.js", { "accept-encoding": "gzip, br" });
    const gz = await get("/assets/entry-abc123.js", { "accept-encoding": "gzip" });
    const plain = await get("/assets/entry-abc123.js", {});
    expect([br.headers["content-encoding"], gz.headers["content-encoding"], plain.headers["content-encoding"]]).toEqual(["br", "gzip", undefined]);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    expect(plain.body.toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 4);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.headers.vary).toBe("Accept-Encoding");
  });

  it("gives each encoding of a public file its own ETag, and answers 304 for the one the client has", async () => {
    const br = await get("/robots.txt", { "accept-encoding": "br" });
    const plain = await get("/robots.txt", {});
    expect(br.headers.etag).toMatch(/^"[\w-]+-br"$/);
    expect(plain.headers.etag).toBe(String(br.headers.etag).replace(/-br"$/, '"'));
    const again = await get("/robots.txt", { "accept-encoding": "br", "if-none-match": String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers["content-encoding"]).toBe("br");
    expect(again.body.length).toBe(0);
    expect((await get("/robots.txt", { "accept-encoding": "gzip", "if-none-match": String(br.headers.etag) })).status).toBe(200);
  });
});
