import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { chooseEncoding, encodeBody } from "./representations";

/** Below this a compressed body saves less than its headers cost. */
const MIN_BYTES = 1024;
/** A larger answer streams instead of being held whole. */
const MAX_WHOLE_BYTES = 4 * 1024 * 1024;
/** How much of a body of unknown length is read to learn whether it ends soon. */
const HELD_BYTES = 256 * 1024;

/**
 * Compression for everything the app answers. A document rendered whole (app/entry.server.tsx:
 * it states its Content-Length) is compressed in one call on libuv's thread pool, so the main
 * thread renders the next request meanwhile (`encodeBody`, the fast way: cached public pages are
 * compressed the best way, once). So is any other answer whose length is known or turns out
 * short (holdIfShort); below MIN_BYTES it goes out as it is. Only a long body of unknown length
 * streams through hono's compress.
 */
export function compression(contentTypeFilter: (type: string) => boolean, bodyOf: (response: Response) => Promise<Buffer<ArrayBuffer>>): MiddlewareHandler {
  const streaming = compress({ contentTypeFilter, threshold: MIN_BYTES });
  return async (c, next) => {
    await next();
    if (mayCompressAsItStreams(c, contentTypeFilter)) await holdIfShort(c);
    if (!isWhole(c, contentTypeFilter)) return streaming(c, async () => {});
    varyOnAcceptEncoding(c);
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    if (encoding === "identity") return;

    const { status, headers } = c.res;
    const body = await bodyOf(c.res);
    const compressed = await encodeBody(body, encoding, "fast");
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(compressed.length));
    // The bytes differ from the uncompressed ones: a strong validator would claim they do not.
    const etag = headers.get("ETag");
    if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    // Hono merges the previous response's headers into a new one (its old Content-Length
    // included) unless the previous one is cleared first.
    c.res = undefined as unknown as Response;
    c.res = new Response(compressed, { status, headers });
  };
}

function varyOnAcceptEncoding(c: Context) {
  const vary = c.res.headers.get("Vary");
  if (!vary?.toLowerCase().includes("accept-encoding")) c.res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/** An answer the middleware may compress at all: its type is compressible and nothing forbids it. */
function mayCompress(c: Context, contentTypeFilter: (type: string) => boolean): boolean {
  const { res } = c;
  const type = res.headers.get("Content-Type");
  return (
    res.status !== 206 &&
    !res.headers.has("Content-Encoding") &&
    type !== null &&
    contentTypeFilter(type) &&
    !/no-transform/i.test(res.headers.get("Cache-Control") ?? "")
  );
}

/** Such an answer of unknown length, which hono's compress would put through a compression stream. */
function mayCompressAsItStreams(c: Context, contentTypeFilter: (type: string) => boolean): boolean {
  const { res } = c;
  return (
    res.body !== null &&
    c.req.method !== "HEAD" &&
    !res.headers.has("Content-Length") &&
    !res.headers.has("Transfer-Encoding") &&
    mayCompress(c, contentTypeFilter)
  );
}

/**
 * Reads such a body up to HELD_BYTES. Nearly all end sooner (an API's answer, a page's data for
 * a navigation): those get their length, so a short one goes out as it is (a compression stream
 * for a few hundred bytes costs more CPU than the request's own work and saves nothing on the
 * wire) and a longer one is compressed in one call like a document. A body still going at
 * HELD_BYTES streams on, compressed, from its first byte.
 */
async function holdIfShort(c: Context) {
  const { status, headers } = c.res;
  const reader = c.res.body!.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  while (size < HELD_BYTES) {
    const { done, value } = await reader.read();
    if (done) {
      const whole = Buffer.concat(head);
      headers.set("Content-Length", String(whole.length));
      varyOnAcceptEncoding(c);
      c.res = undefined as unknown as Response;
      c.res = new Response(whole, { status, headers });
      return;
    }
    head.push(value);
    size += value.byteLength;
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  c.res = undefined as unknown as Response;
  c.res = new Response(body, { status, headers });
}

/** Such an answer of known length, worth compressing and small enough to hold whole. */
function isWhole(c: Context, contentTypeFilter: (type: string) => boolean): boolean {
  const length = Number(c.res.headers.get("Content-Length"));
  return c.req.method === "GET" && length >= MIN_BYTES && length <= MAX_WHOLE_BYTES && mayCompress(c, contentTypeFilter);
}
