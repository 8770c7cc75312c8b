import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * What the server's own answers from memory share (cached pages, the bundle and public files):
 * the encodings a client may take, each encoding of a body with the headers of its 200 and its
 * 304 made once, and revalidation by ETag.
 */

export type Encoding = "br" | "gzip" | "identity";

/**
 * One encoding of a body with the headers of its 200 and of a 304, made once: an answer only
 * picks them. Shared by every answer, so frozen. No ETag (a fingerprinted file), no 304.
 */
export type Representation = {
  body: Buffer;
  etag?: string;
  ok: Readonly<Record<string, string>>;
  notModified: Readonly<Record<string, string>>;
};

export function representationOf(body: Buffer, encoding: Encoding, headers: Readonly<Record<string, string>>, etag: string | undefined): Representation {
  const notModified = Object.freeze({ ...headers, ...(etag ? { ETag: etag } : {}), ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }) });
  return { body, etag, notModified, ok: Object.freeze({ ...notModified, "Content-Length": String(body.length) }) };
}

/** What the strong ETags of a body's encodings are made from. */
export function contentDigest(body: Buffer): string {
  return createHash("sha256").update(body).digest("base64url").slice(0, 27);
}

/** Each encoding of the same content has a tag of its own (they are different bytes). */
export function etagFor(digest: string, encoding: Encoding): string {
  return encoding === "identity" ? `"${digest}"` : `"${digest}-${encoding === "gzip" ? "gz" : "br"}"`;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * `body` compressed on libuv's thread pool. `best` for what is compressed once and served many
 * times (cached pages), `fast` for a page rendered for one request: brotli 4 and gzip 6 cost
 * about the same there.
 */
export function encodeBody(body: Buffer, encoding: "br" | "gzip", strength: "best" | "fast") {
  if (encoding === "gzip") return gzip(body, { level: strength === "best" ? 9 : 6 });
  const quality = strength === "best" ? 11 : 4;
  return brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/**
 * Browsers send one of a handful of Accept-Encoding values: each is read once. Bounded, as the
 * header is the client's to write.
 */
const encodingOf = new Map<string, Encoding>();
const ENCODINGS_REMEMBERED = 64;

/** The encoding to answer with: brotli, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let encoding = encodingOf.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = readAcceptEncoding(acceptEncoding);
    if (encodingOf.size >= ENCODINGS_REMEMBERED) encodingOf.clear();
    encodingOf.set(acceptEncoding, encoding);
  }
  return encoding;
}

function readAcceptEncoding(acceptEncoding: string): Encoding {
  let gzipOk = false;
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param));
    if (refused) continue;
    if (name === "br") return "br";
    if (name === "gzip" || name === "*") gzipOk = true;
  }
  return gzipOk ? "gzip" : "identity";
}

/** An If-None-Match header names one of `etags` (or `*`): the client's copy is current. */
export function ifNoneMatchNames(ifNoneMatch: string, etags: readonly string[]) {
  if (ifNoneMatch.trim() === "*") return true;
  const tags = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  return etags.some((etag) => tags.includes(etag));
}
