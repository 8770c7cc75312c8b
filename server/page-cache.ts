import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { ReadCache } from "../app/platform/db/read-cache";
import { chooseEncoding, contentDigest, encodeBody, etagFor, ifNoneMatchNames, representationOf, type Encoding, type Representation } from "./representations";

/**
 * Finished anonymous public pages, kept in memory and served again until a table they read
 * changes or they reach their age. Why this can never show one visitor's page to another:
 * docs/decisions/0009-public-page-cache.md.
 */

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
  const digest = contentDigest(input.body);
  // An answer from the cache says so (a page rendered to fill it says "miss" instead).
  const headers = { ...input.headers, "X-Page-Cache": "hit" };
  const representations = {
    identity: representationOf(input.body, "identity", headers, etagFor(digest, "identity")),
    gzip: representationOf(gzipped, "gzip", headers, etagFor(digest, "gzip")),
    br: representationOf(brotlied, "br", headers, etagFor(digest, "br")),
  };
  const etags = (["identity", "gzip", "br"] as const).map((encoding) => etagFor(digest, encoding));
  return { headers: input.headers, tables: input.tables, representations, etags };
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
