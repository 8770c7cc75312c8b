import { requestMeta } from "~/features/accounts/request-meta";
import { nonceEndpoint } from "~/features/accounts/token-endpoint.server";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import type { Route } from "./+types/api.auth.nonce";

/** POST only: the message a wallet signs, or a nonce for Google One Tap (features/accounts/token-endpoint.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  return nonceEndpoint(context.get(platformContext), request, requestMeta(request, context.get(requestInfoContext).clientAddress));
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
