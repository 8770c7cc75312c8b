import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context, type MiddlewareHandler, type Next } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { createRequestHandler, type ServerBuild } from "react-router";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { clientAddress } from "../app/platform/security/client-address";
import type { Platform } from "../app/platform/runtime.server";
import { IMMUTABLE_CACHE, LOCAL_UPLOADS_PATH, localUploadsDir } from "../app/platform/storage/storage.server";
import type { ApiaryEntry } from "./build";
import { compression } from "./compression";
import { formBodies, SAFE_METHODS } from "./form-bodies";
import { answerFrom, cachedPageOf, isAnonymousRequest, PageCache, policyWithHashes, inlineScriptHashes, PUBLIC_PAGE_CACHE_CONTROL, type CachedPage } from "./page-cache";
import { publicPageMatcher } from "./public-pages";
import { refuseTrace } from "./refused-methods";
import { StaticFiles } from "./static-files";

type Variables = {
  requestId: string;
  secureHeadersNonce?: string;
  /** This request renders a page for the page cache: no nonce, no compression (the cache does both). */
  pageCacheFill?: true;
};
type AppEnv = { Bindings: HttpBindings; Variables: Variables };

export type AppOptions = {
  build: ServerBuild;
  entry: ApiaryEntry;
  /** Handed to every request: one process may run several servers, each on its own database. */
  platform: Platform;
  logger: Logger;
  /** Where the browser bundle lives (build/client). */
  clientDir: string;
  /**
   * The public address (APP_URL). Every request is handed to the app as a request to it, so
   * behind a TLS-terminating proxy a form posted from https://host matches the request's own
   * origin; https adds HSTS and marks every cookie Secure.
   */
  publicUrl: string;
  /** Reverse proxies whose X-Forwarded-For entries are believed (TRUST_PROXY_HOPS). */
  trustedProxyHops: number;
  mode?: "production" | "development";
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** Every form of the site fits many times over; forms with images have their own, larger limit (four of 10 MB). */
const FORM_BODY_BYTES = 1024 * 1024;
const UPLOAD_BODY_BYTES = 42 * 1024 * 1024;
/** The back-office screens whose forms carry images. */
const UPLOAD_PATHS = ["/admin/hives", "/admin/uploads", "/admin/pages", "/admin/posts"];

/**
 * The HTTP layer in front of React Router. Answered straight from memory, before anything else:
 * the browser bundle and public files, and anonymous public pages already rendered (the page
 * cache). Everything else goes through Hono: request ids and logs, security headers with a
 * per-response CSP nonce, compression (never for event streams), then the app.
 */
const REFERRER_POLICY = "strict-origin-when-cross-origin";

export function createApp(options: AppOptions): { listener: RequestListener; pageCache: PageCache } {
  const https = new URL(options.publicUrl).origin.startsWith("https:");
  const hsts: Record<string, string> = https ? { "Strict-Transport-Security": HSTS } : {};
  const staticFiles = new StaticFiles(
    options.clientDir,
    { "Cross-Origin-Resource-Policy": "same-origin", "Referrer-Policy": REFERRER_POLICY, ...hsts },
    hsts,
  );
  const pageCache = new PageCache();
  // Every instance hears every committed change (and a resync after its listener reconnected).
  options.platform.changes.subscribe((event) => (event.kind === "resync" ? pageCache.clear() : pageCache.invalidate([event.change.table])));
  const honoListener = getRequestListener(createHonoApp(options, pageCache).fetch);
  const { logger } = options;

  const listener: RequestListener = (request, response) => {
    const method = request.method ?? "GET";
    const url = request.url ?? "/";
    if (isAnonymousRequest(method, request.headers)) {
      const page = pageCache.get(url);
      if (page) {
        serveCachedPage(page, request, response);
        logger.debug({ method, path: url, status: response.statusCode }, "request (page cache)");
        return;
      }
    }
    if (method === "GET" || method === "HEAD") {
      const pathname = url.split("?", 1)[0]!;
      if (staticFiles.has(pathname)) {
        staticFiles.serve(request, response, pathname).then(
          () => logger.debug({ method, path: url, status: response.statusCode }, "request (static file)"),
          (error: unknown) => {
            logger.error({ err: error, path: url }, "could not serve a static file");
            if (!response.headersSent) response.writeHead(500);
            response.end();
          },
        );
        return;
      }
    }
    void honoListener(request, response);
  };
  return { listener, pageCache };
}

const HSTS = "max-age=63072000; includeSubDomains";

/** A hit: headers and body were made when the page was kept, so nothing is built here. */
function serveCachedPage(page: CachedPage, request: IncomingMessage, response: ServerResponse) {
  const { headers } = request;
  const answer = answerFrom(page, { method: request.method ?? "GET", acceptEncoding: headers["accept-encoding"], ifNoneMatch: headers["if-none-match"] });
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}

function createHonoApp({ build, entry, platform, logger, publicUrl, trustedProxyHops, mode = "production" }: AppOptions, pageCache: PageCache) {
  const app = new Hono<AppEnv>();
  const handler = createRequestHandler(build, mode);
  const publicOrigin = new URL(publicUrl).origin;
  const https = publicOrigin.startsWith("https:");
  const isPublicPage = publicPageMatcher(build);
  // A rendered document's bytes come straight from the bundle; reading them back through the
  // Response's stream cost more than compressing them.
  const bodyOf = async (response: Response) => entry.documentBody(response) ?? Buffer.from(await response.arrayBuffer());

  app.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    // In place: c.header() on a finished response copies it into a new one, body and all.
    c.res.headers.set("X-Request-Id", requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const line = { requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (c.req.path.startsWith("/assets/")) logger.debug(line, "request");
    else logger.info(line, "request");
  });

  // Outside the security headers: a page for the cache gets them (its policy then takes its
  // scripts' hashes), and a page from the cache already has them.
  app.use(pageCacheFills({ pageCache, isPublicPage, withTableAccess: entry.withTableAccess, bodyOf }));

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", NONCE],
        // React and Radix set style attributes at run time; no inline <style> from users is ever rendered.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
      strictTransportSecurity: https ? HSTS : false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: "same-origin",
      referrerPolicy: REFERRER_POLICY,
      xFrameOptions: "DENY",
      permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    }),
  );

  app.use(refuseTrace);

  const compressed = compression((type) => !type.startsWith("text/event-stream") && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type), bodyOf);
  app.use((c, next) => (c.get("pageCacheFill") ? next() : compressed(c, next)));

  // Uploaded images kept on this machine: their names are new for every upload, so they never change.
  if (platform.storage.kind === "local") {
    const uploads = localUploadsDir(platform.env.DATA_DIR);
    mkdirSync(uploads, { recursive: true });
    app.use(
      `${LOCAL_UPLOADS_PATH}/*`,
      serveStatic({
        root: uploads,
        rewriteRequestPath: (requestPath) => requestPath.slice(LOCAL_UPLOADS_PATH.length),
        onFound: (_path, c) => {
          c.header("Cache-Control", IMMUTABLE_CACHE);
          c.header("X-Content-Type-Options", "nosniff");
        },
      }),
    );
  }

  if (https) app.use(secureCookies);
  app.use(sameOriginPosts(publicOrigin, logger));
  app.use(formBodies((requestPath) => (UPLOAD_PATHS.some((uploadPath) => requestPath.startsWith(uploadPath)) ? UPLOAD_BODY_BYTES : FORM_BODY_BYTES)));

  app.all("*", async (c) => {
    const context = entry.createLoadContext(platform, {
      requestId: c.get("requestId"),
      // A page for the cache carries no nonce: its policy lists its inline scripts' hashes instead.
      nonce: c.get("pageCacheFill") ? undefined : c.get("secureHeadersNonce"),
      clientAddress: clientAddress(getConnInfo(c).remote.address, c.req.header("x-forwarded-for") ?? null, trustedProxyHops),
    });
    const response = await handler(atPublicOrigin(c.req.raw, publicOrigin), context);
    return signedInNotCached(c.req.header("cookie"), response);
  });

  app.onError((error, c) => {
    logger.error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "unhandled server error");
    return c.text("Internal Server Error", 500);
  });

  return app;
}

type PageCacheFillOptions = {
  pageCache: PageCache;
  isPublicPage: (pathname: string) => boolean;
  withTableAccess: ApiaryEntry["withTableAccess"];
  bodyOf: (response: Response) => Promise<Buffer<ArrayBuffer>>;
};

/**
 * Renders anonymous public pages for the page cache (the hits never get here: see createApp),
 * and drops the cached pages that read what any other request wrote, as soon as it is done:
 * the change feed tells every instance too, a moment later.
 */
function pageCacheFills({ pageCache, isPublicPage, withTableAccess, bodyOf }: PageCacheFillOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.env.incoming;
    if (c.req.method !== "GET" || !isAnonymousRequest(c.req.method, incoming.headers) || !isPublicPage(c.req.path)) {
      const { access } = await withTableAccess(next);
      pageCache.invalidate(access.writes);
      return;
    }
    const key = incoming.url ?? c.req.path;
    let rendered = false;
    const page = await pageCache.fill(key, async (mark) => {
      rendered = true;
      return renderForCache(c, next, mark, key);
    });
    if (page) {
      const answer = answerFrom(page, { method: "GET", acceptEncoding: c.req.header("accept-encoding"), ifNoneMatch: c.req.header("if-none-match") });
      replaceResponse(c, new Response(answer.body ? new Uint8Array(answer.body.buffer as ArrayBuffer, answer.body.byteOffset, answer.body.length) : null, { status: answer.status, headers: { ...answer.headers, "X-Page-Cache": "miss" } }));
    } else if (!rendered) {
      // Another request's render of this page could not be kept (not a page, an error…): render it here.
      c.set("pageCacheFill", undefined);
      await next();
    }
  };

  async function renderForCache(c: Context<AppEnv>, next: Next, mark: number, key: string): Promise<CachedPage | undefined> {
    c.set("pageCacheFill", true);
    const { access } = await withTableAccess(next);
    const response = c.res;
    const body = await bodyOf(response);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== "content-length" && name !== "set-cookie") headers[name] = value;
    });
    const policy = headers["content-security-policy"];
    if (policy) {
      const html = headers["content-type"]?.startsWith("text/html") ? body.toString("utf8") : "";
      headers["content-security-policy"] = policyWithHashes(policy, inlineScriptHashes(html));
    }
    const keep =
      response.status === 200 &&
      !response.headers.has("set-cookie") &&
      access.writes.size === 0 &&
      access.failedReads === 0 &&
      CACHEABLE_TYPE.test(headers["content-type"] ?? "");
    if (!keep) {
      pageCache.invalidate(access.writes);
      replaceResponse(c, new Response(body, { status: response.status, headers: response.headers }), headers["content-security-policy"]);
      return undefined;
    }
    headers["cache-control"] ??= PUBLIC_PAGE_CACHE_CONTROL;
    headers.vary = "Accept-Encoding, Cookie";
    const page = await cachedPageOf({ headers, body, tables: access.reads });
    pageCache.store(key, page, mark);
    return page;
  }
}

const CACHEABLE_TYPE = /^(?:text\/html|text\/plain|application\/xml)\b/;

/**
 * Hono copies the old response's headers onto a newly assigned one; a response built from the
 * cache has all the headers it needs, so the old one goes first.
 */
function replaceResponse(c: Context<AppEnv>, response: Response, policy?: string) {
  c.res = undefined;
  if (policy) response.headers.set("Content-Security-Policy", policy);
  c.res = response;
}

/**
 * The request as the public address sees it: the Node adapter builds `http://<Host>/…` whatever
 * the proxy in front received, and React Router refuses a form whose Origin header differs from
 * the request's own origin.
 */
function atPublicOrigin(request: Request, publicOrigin: string): Request {
  const url = new URL(request.url);
  if (url.origin === publicOrigin) return request;
  const target = `${publicOrigin}${url.pathname}${url.search}`;
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : request.body;
  return new Request(target, { method: request.method, headers: request.headers, body, signal: request.signal, duplex: "half" } as RequestInit);
}

/** Under https every cookie is Secure, whoever set it (Better Auth, the toast, the sign-in step). */
const secureCookies: MiddlewareHandler = async (c, next) => {
  await next();
  const cookies = c.res.headers.getSetCookie();
  if (cookies.every((cookie) => /;\s*secure\b/i.test(cookie))) return;
  // In place: assigning a new c.res would have Hono copy the old Set-Cookie lines back over it.
  const headers = c.res.headers;
  headers.delete("set-cookie");
  for (const cookie of cookies) headers.append("set-cookie", /;\s*secure\b/i.test(cookie) ? cookie : `${cookie}; Secure`);
};

/**
 * A post whose Origin is another site's is refused here with a 400 and a warning, before the
 * router (which would refuse it too, but as an error with a stack in the log). Posts without an
 * Origin header (not sent by browsers for forms) are left to the router, which lets them through.
 */
function sameOriginPosts(publicOrigin: string, logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (SAFE_METHODS.has(c.req.method) || !origin || origin === publicOrigin) return next();
    logger.warn({ origin, path: c.req.path, requestId: c.get("requestId") }, "refused a post from another origin");
    return c.text("Cross-site form posts are refused.", 400);
  };
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?apiary\.session_token=/;

/**
 * A page served to someone signed in (or one that signs someone in or out) shows their data:
 * never kept in a shared cache nor in the back/forward cache, so Back after logging out asks
 * the server again. Responses that chose their own caching keep it.
 */
function signedInNotCached(cookie: string | undefined, response: Response): Response {
  if (response.headers.has("cache-control")) return response;
  if (!SESSION_COOKIE.test(cookie ?? "") && !response.headers.has("set-cookie")) return response;
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}
