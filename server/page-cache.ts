import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { ReadCache } from "../app/platform/db/read-cache";

/**
 * Finished anonymous public pages, kept in memory and served again until a table they read
 * changes or they reach their age. Why this can never show one visitor's page to another:
 * docs/decisions/0009-public-page-cache.md.
 */

export type Encoding = "br" | "gzip" | "identity";

type Representation = {
  body: Buffer;
  etag: string;
  /**
   * The headers of a 200 and of a 304 with this body, made once: a cache hit only picks them.
   * Shared by every answer, so never to be changed.
   */
  ok: Readonly<Record<string, string>>;
  notModified: Readonly<Record<string, string>>;
};

export type CachedPage = {
  /** The headers every answer with this page carries (content type, CSP, caching, security). */
  headers: Record<string, string>;
  representations: Record<Encoding, Representation>;
  /** Every representation's ETag: a revalidation naming any of them is current. */
  etags: readonly string[];
  /** The tables the page was rendered from: a change to one of them drops it. */
  tables: ReadonlySet<string>;
};

/** What one request is answered with from a cached page (`headers` is shared: copy it to add to it). */
export type CachedAnswer = { status: 200 | 304; headers: Readonly<Record<string, string>>; body: Buffer | undefined };

/**
 * For browsers: ask every time (the ETag makes that a 304). For CDNs and reverse proxies: keep it
 * a minute, and serve it stale for five more while fetching the new one.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

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

export type PageCacheOptions = {
  /** Pages kept at most; the least recently served goes first. */
  maxEntries?: number;
  /** A page is rendered again after this long even if nothing it read changed (dates move on). */
  maxAgeMs?: number;
  now?: () => number;
};

/** The cache of finished pages: the pages of a site fit in memory many times over. */
export class PageCache extends ReadCache<CachedPage> {
  constructor(options: PageCacheOptions = {}) {
    super({ maxEntries: options.maxEntries ?? 500, maxAgeMs: options.maxAgeMs ?? 60_000, now: options.now });
  }
}

/**
 * Only a request that carries nothing of a visitor's own may read or fill the cache: no cookie
 * at all (session, flash toast, sign-in step or anything else) and no credentials.
 */
export function isAnonymousRequest(method: string, headers: IncomingHttpHeaders): boolean {
  return (method === "GET" || method === "HEAD") && !headers.cookie && !headers.authorization;
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

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** CSP hash sources of a document's inline scripts, in order of appearance, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", content = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes) || content.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The policy a cached document is served with: the per-response nonce source of the live
 * policy replaced by the hashes of the document's own inline scripts, so the policy is the same
 * for every copy of the document and exactly as strict (no 'unsafe-inline' for scripts).
 */
export function policyWithHashes(policy: string, hashes: readonly string[]): string {
  return policy.replace(/\s*'nonce-[^']*'/, hashes.length ? ` ${hashes.join(" ")}` : "");
}

/** A finished response turned into a cache entry: compressed both ways, each with a strong ETag. */
export async function cachedPageOf(input: { headers: Record<string, string>; body: Buffer; tables: ReadonlySet<string> }): Promise<CachedPage> {
  const [gzipped, brotlied] = await Promise.all([encodeBody(input.body, "gzip", "best"), encodeBody(input.body, "br", "best")]);
  const digest = createHash("sha256").update(input.body).digest("base64url").slice(0, 27);
  const representation = (body: Buffer, etag: string, encoding: Encoding): Representation => {
    // An answer from the cache says so (a page rendered to fill it says "miss" instead).
    const notModified = Object.freeze({ ...input.headers, ETag: etag, ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }), "X-Page-Cache": "hit" });
    return { body, etag, notModified, ok: Object.freeze({ ...notModified, "Content-Length": String(body.length) }) };
  };
  const representations = {
    identity: representation(input.body, `"${digest}"`, "identity"),
    gzip: representation(gzipped, `"${digest}-gz"`, "gzip"),
    br: representation(brotlied, `"${digest}-br"`, "br"),
  };
  return { headers: input.headers, tables: input.tables, representations, etags: Object.values(representations).map(({ etag }) => etag) };
}

/** The answer to one request from a cached page: the page in the best encoding, or 304. */
export function answerFrom(page: CachedPage, request: { method: string; acceptEncoding?: string; ifNoneMatch?: string }): CachedAnswer {
  const representation = page.representations[chooseEncoding(request.acceptEncoding)];
  // Any encoding's tag will do: they are the same page.
  if (request.ifNoneMatch && ifNoneMatchNames(request.ifNoneMatch, page.etags)) {
    return { status: 304, headers: representation.notModified, body: undefined };
  }
  return { status: 200, headers: representation.ok, body: request.method === "HEAD" ? undefined : representation.body };
}

/** An If-None-Match header names one of `etags` (or `*`): the client's copy is current. */
export function ifNoneMatchNames(ifNoneMatch: string, etags: readonly string[]) {
  if (ifNoneMatch.trim() === "*") return true;
  const tags = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  return etags.some((etag) => tags.includes(etag));
}
