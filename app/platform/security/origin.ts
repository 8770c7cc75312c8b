/**
 * CSRF defence for our own actions: a state-changing request that names an Origin must come
 * from this site. Browsers send Origin on every cross-site POST, so a missing header is not
 * a cross-site browser request.
 */
export function isSameOriginRequest(request: Request, appUrl: string) {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  const allowed = new Set([new URL(appUrl).origin, new URL(request.url).origin]);
  return allowed.has(origin);
}
