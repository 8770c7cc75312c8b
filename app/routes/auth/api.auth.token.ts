import { requestMeta } from "~/features/accounts/request-meta";
import { tokenEndpoint } from "~/features/accounts/token-endpoint.server";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import type { Route } from "./+types/api.auth.token";

/** POST only: a wallet's signature or a Google ID token for a session (features/accounts/token-endpoint.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  return tokenEndpoint(context.get(platformContext), request, requestMeta(request, context.get(requestInfoContext).clientAddress));
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
