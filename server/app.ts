import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Logger } from "pino";
import { createRequestHandler, type ServerBuild } from "react-router";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { clientAddress } from "../app/platform/security/client-address";
import type { Platform } from "../app/platform/runtime.server";
import type { ApiaryEntry } from "./build";

type Variables = { requestId: string; secureHeadersNonce?: string };

export type AppOptions = {
  build: ServerBuild;
  entry: ApiaryEntry;
  /** Handed to every request: one process may run several servers, each on its own database. */
  platform: Platform;
  logger: Logger;
  /** Where the browser bundle lives (build/client). */
  clientDir: string;
  /** The public address (APP_URL); https adds HSTS. */
  publicUrl: string;
  /** Reverse proxies whose X-Forwarded-For entries are believed (TRUST_PROXY_HOPS). */
  trustedProxyHops: number;
  mode?: "production" | "development";
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const YEAR = 60 * 60 * 24 * 365;

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

  app.all("*", async (c) => {
    const context = entry.createLoadContext(platform, {
      requestId: c.get("requestId"),
      nonce: c.get("secureHeadersNonce"),
      clientAddress: clientAddress(getConnInfo(c).remote.address, c.req.header("x-forwarded-for") ?? null, trustedProxyHops),
    });
    return handler(c.req.raw, context);
  });

  app.onError((error, c) => {
    logger.error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "unhandled server error");
    return c.text("Internal Server Error", 500);
  });

  return app;
}
