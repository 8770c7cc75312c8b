import { getAuth } from "~/features/accounts/auth.server";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { hitRateLimit } from "~/platform/security/rate-limit.server";
import type { Route } from "./+types/api.auth.$";

/**
 * Only the parts of Better Auth a browser must reach directly: the Google (OIDC) callback and
 * the e-mail verification link. Sign-in, sign-up, reset and the rest go through our own actions,
 * which add rate limits, the Origin check, 2FA and role rules.
 */
const PUBLIC_ENDPOINTS = [/^\/api\/auth\/callback\/[a-z0-9-]+$/, /^\/api\/auth\/verify-email$/];
const LINK_LIMIT = { name: "auth-link:address", limit: 30, windowMs: 10 * 60 * 1000 };

export async function loader({ request, context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const { pathname } = new URL(request.url);
  if (!PUBLIC_ENDPOINTS.some((pattern) => pattern.test(pathname))) return new Response("Not Found", { status: 404 });
  const { clientAddress } = context.get(requestInfoContext);
  const decision = await hitRateLimit(platform.db, LINK_LIMIT, clientAddress);
  if (!decision.allowed) return new Response("Too many requests", { status: 429, headers: { "Retry-After": String(decision.retryAfterSeconds) } });
  const headers = new Headers(request.headers);
  headers.set("x-apiary-client-address", clientAddress);
  return (await getAuth(platform)).handler(new Request(request.url, { method: "GET", headers }));
}

export function action() {
  return new Response("Not Found", { status: 404 });
}
