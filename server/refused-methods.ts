import type { MiddlewareHandler } from "hono";

/**
 * TRACE would echo the request back, cookies and all (cross-site tracing); nothing here needs
 * it, so it is refused before any route sees it, naming the methods the site does answer (ASVS
 * 13.4.4). The proxy in front refuses it too; this keeps the answer the same without one.
 * (TRACK and other unknown methods never get this far: Node's HTTP parser answers them 400.)
 */
export const SERVED_METHODS = "GET, HEAD, POST";

export const refuseTrace: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== "TRACE") return next();
  return c.text("Method Not Allowed", 405, { Allow: SERVED_METHODS, "Cache-Control": "no-store" });
};
