import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { getMimeType } from "hono/utils/mime";
import { chooseEncoding, contentDigest, encodeBody, etagFor, ifNoneMatchNames, representationOf, type Encoding, type Representation } from "./representations";

const YEAR = 60 * 60 * 24 * 365;
/** Fingerprinted bundles never change: a year, and the browser doesn't even ask again. */
export const IMMUTABLE_ASSET_CACHE = `public, max-age=${YEAR}, immutable`;
/** Other public files (favicon, og-card.png) keep their names across releases: briefly. */
const PUBLIC_FILE_CACHE = "public, max-age=600";
const COMPRESSIBLE = /^(?:text\/|application\/(?:javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/** A file's encodings, made when it is first read; a fingerprinted file has no ETag, so no 304. */
type StaticFile = Partial<Record<Encoding, Representation>> & { identity: Representation };

/**
 * The browser bundle and public files (build/client), served from memory: each file is read and
 * compressed (gzip and brotli, once) the first time it is asked for. The list of files is read
 * at start, so a request for anything else goes to the app without touching the disk.
 */
export class StaticFiles {
  private readonly known: Set<string>;
  /** `name.br` and `name.gz` written beside each file by the build (scripts/vite-precompress.ts). */
  private readonly precompressed: Set<string>;
  private readonly loaded = new Map<string, Promise<StaticFile>>();

  /**
   * `fileHeaders`: the headers of pages that apply to a public file (the page-only ones, such as
   * the CSP, do not); `assetHeaders`: those a fingerprinted file still carries (see `load`).
   */
  constructor(
    private readonly root: string,
    private readonly fileHeaders: Record<string, string> = {},
    private readonly assetHeaders: Record<string, string> = {},
  ) {
    const files = listFiles(root);
    this.precompressed = new Set(files.filter((file) => /\.(?:br|gz)$/.test(file)));
    this.known = new Set(files.filter((file) => file !== "/index.html" && !this.precompressed.has(file)));
  }

  has(pathname: string) {
    return this.known.has(pathname);
  }

  /** Answers a GET or HEAD for a known file (call `has` first). */
  async serve(request: IncomingMessage, response: ServerResponse, pathname: string) {
    let file = this.loaded.get(pathname);
    if (!file) {
      file = this.load(pathname);
      this.loaded.set(pathname, file);
    }
    const representations = await file;
    const representation = representations[chooseEncoding(request.headers["accept-encoding"])] ?? representations.identity;
    const ifNoneMatch = request.headers["if-none-match"];
    if (ifNoneMatch && representation.etag && ifNoneMatchNames(ifNoneMatch, [representation.etag])) {
      response.writeHead(304, representation.notModified);
      response.end();
      return;
    }
    response.writeHead(200, representation.ok);
    response.end(request.method === "HEAD" ? undefined : representation.body);
  }

  private async load(pathname: string): Promise<StaticFile> {
    const body = await readFile(path.join(this.root, pathname));
    const type = getMimeType(pathname) ?? "application/octet-stream";
    const digest = contentDigest(body);
    const fingerprinted = pathname.startsWith("/assets/");
    // A page loads ten to twenty fingerprinted files (the bundle's scripts, its stylesheets and
    // fonts), and nginx speaking HTTP/2 sends each answer's headers whole (it keeps no table of
    // the ones sent before): such a file carries only what it needs. No ETag (its name changes
    // with its content, and it is never asked for again); of the pages' headers only HSTS (on
    // every answer, security.md 3.4.1): not Referrer-Policy (the browser's default, which the page
    // sets too), not Cross-Origin-Resource-Policy (the bundle is public: any site may fetch it,
    // and no visitor's data is in it). X-Content-Type-Options stays. 30 to 45 bytes each, on
    // every such answer.
    const headers: Record<string, string> = {
      ...(fingerprinted ? this.assetHeaders : this.fileHeaders),
      "Content-Type": type,
      "Cache-Control": fingerprinted ? IMMUTABLE_ASSET_CACHE : PUBLIC_FILE_CACHE,
      "X-Content-Type-Options": "nosniff",
    };
    const representation = (encoded: Buffer, encoding: Encoding): Representation => representationOf(encoded, encoding, headers, fingerprinted ? undefined : etagFor(digest, encoding));
    if (!COMPRESSIBLE.test(type) || body.length < 256) return { identity: representation(body, "identity") };
    const [gzipped, brotlied] = await Promise.all([this.compressed(pathname, "gz", body), this.compressed(pathname, "br", body)]);
    headers.Vary = "Accept-Encoding";
    return { identity: representation(body, "identity"), gzip: representation(gzipped, "gzip"), br: representation(brotlied, "br") };
  }

  /** The build's precompressed copy, or (a build without them) a quicker compression now. */
  private compressed(pathname: string, suffix: "br" | "gz", body: Buffer): Promise<Buffer> {
    if (this.precompressed.has(`${pathname}.${suffix}`)) return readFile(path.join(this.root, `${pathname}.${suffix}`));
    return encodeBody(body, suffix === "gz" ? "gzip" : "br", "fast");
  }
}

function listFiles(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`);
  } catch {
    return [];
  }
}
