import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { chooseEncoding, encodeBody } from "./page-cache";

/** Below this a compressed body saves less than its headers cost. */
const MIN_BYTES = 1024;
/** A larger document streams instead of being held whole. */
const MAX_WHOLE_BYTES = 4 * 1024 * 1024;

/**
 * Compression for everything the app answers. A document rendered whole (app/entry.server.tsx:
 * it states its Content-Length) is compressed in one call on libuv's thread pool, so the main
 * thread renders the next request meanwhile (`encodeBody`, the fast way: cached public pages are
 * compressed the best way, once). Anything else of unknown length goes out whole and uncompressed
 * when it is shorter than MIN_BYTES, and otherwise streams through hono's compress.
 */
export function compression(contentTypeFilter: (type: string) => boolean): MiddlewareHandler {
  const streaming = compress({ contentTypeFilter, threshold: MIN_BYTES });
  return async (c, next) => {
    await next();
    if (!isWholeDocument(c)) {
      if (mayCompressAsItStreams(c, contentTypeFilter)) await holdIfSmall(c);
      return streaming(c, async () => {});
    }
    varyOnAcceptEncoding(c);
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    if (encoding === "identity") return;

    const { status, headers } = c.res;
    const body = Buffer.from(await c.res.arrayBuffer());
    const compressed = await encodeBody(body, encoding, "fast");
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(compressed.length));
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

/** A body of unknown length that hono's compress would put through a compression stream. */
function mayCompressAsItStreams(c: Context, contentTypeFilter: (type: string) => boolean): boolean {
  const { res } = c;
  const type = res.headers.get("Content-Type");
  return (
    res.body !== null &&
    c.req.method !== "HEAD" &&
    res.status !== 206 &&
    !res.headers.has("Content-Length") &&
    !res.headers.has("Content-Encoding") &&
    !res.headers.has("Transfer-Encoding") &&
    type !== null &&
    contentTypeFilter(type) &&
    !/no-transform/i.test(res.headers.get("Cache-Control") ?? "")
  );
}

/**
 * Reads such a body up to MIN_BYTES. Most are shorter (an API's answer, a page's data for a
 * navigation): those go out whole with their length, uncompressed, since a compression stream
 * for a few hundred bytes costs more CPU than the request's own work and saves nothing on the
 * wire. A longer body streams on, compressed, from its first byte.
 */
async function holdIfSmall(c: Context) {
  const { status, headers } = c.res;
  const reader = c.res.body!.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  while (size < MIN_BYTES) {
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

function isWholeDocument(c: Context): boolean {
  const { res } = c;
  const length = Number(res.headers.get("Content-Length"));
  return (
    c.req.method === "GET" &&
    (res.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    length >= MIN_BYTES &&
    length <= MAX_WHOLE_BYTES &&
    res.status !== 206 &&
    !res.headers.has("Content-Encoding") &&
    !/no-transform/i.test(res.headers.get("Cache-Control") ?? "")
  );
}
