import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { createRequestHandler, type ServerBuild } from "react-router";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { clientAddress } from "../app/platform/security/client-address";
import type { Platform } from "../app/platform/runtime.server";
import { IMMUTABLE_CACHE, LOCAL_UPLOADS_PATH, localUploadsDir } from "../app/platform/storage/storage.server";
import type { ApiaryEntry } from "./build";
import { formBodies, SAFE_METHODS } from "./form-bodies";

type Variables = { requestId: string; secureHeadersNonce?: string };

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
const YEAR = 60 * 60 * 24 * 365;
/** Every form of the site fits many times over; forms with images have their own, larger limit (four of 10 MB). */
const FORM_BODY_BYTES = 1024 * 1024;
const UPLOAD_BODY_BYTES = 42 * 1024 * 1024;
/** The back-office screens whose forms carry images. */
const UPLOAD_PATHS = ["/admin/hives", "/admin/uploads", "/admin/pages", "/admin/posts"];

/**
 * The HTTP layer in front of React Router: request ids and logs, security headers with a
 * per-response CSP nonce, compression (never for event streams), static files, then the app.
 */
export function createApp({ build, entry, platform, logger, clientDir, publicUrl, trustedProxyHops, mode = "production" }: AppOptions) {
  const app = new Hono<{ Variables: Variables }>();
  const handler = createRequestHandler(build, mode);
  const publicOrigin = new URL(publicUrl).origin;
  const https = publicOrigin.startsWith("https:");

  app.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const line = { requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (c.req.path.startsWith("/assets/")) logger.debug(line, "request");
    else logger.info(line, "request");
  });

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
      strictTransportSecurity: https ? "max-age=63072000; includeSubDomains" : false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: "same-origin",
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    }),
  );

  app.use(
    compress({
      contentTypeFilter: (type) => !type.startsWith("text/event-stream") && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type),
    }),
  );

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

  // Fingerprinted bundles never change: cache for a year. Other public files: briefly.
  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => {
        c.header("Cache-Control", `public, max-age=${YEAR}, immutable`);
      },
    }),
  );
  app.use(
    "*",
    serveStatic({
      root: clientDir,
      onFound: (filePath, c) => {
        if (path.basename(filePath) === "index.html") return;
        c.header("Cache-Control", "public, max-age=600");
      },
    }),
  );

  if (https) app.use(secureCookies);
  app.use(sameOriginPosts(publicOrigin, logger));
  app.use(formBodies((requestPath) => (UPLOAD_PATHS.some((uploadPath) => requestPath.startsWith(uploadPath)) ? UPLOAD_BODY_BYTES : FORM_BODY_BYTES)));

  app.all("*", async (c) => {
    const context = entry.createLoadContext(platform, {
      requestId: c.get("requestId"),
      nonce: c.get("secureHeadersNonce"),
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
