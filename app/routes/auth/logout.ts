import { redirect } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { safeRedirectPath } from "~/features/accounts/auth.schema";
import { LOGGED_OUT, LOGGED_OUT_OF_PORTAL, SIGNED_OUT_OF_OTHER_DEVICES } from "~/features/accounts/messages";
import { signOut, type SignOutScope } from "~/features/accounts/sign-out.server";
import { requestMeta } from "~/features/accounts/request-meta";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/logout";

/**
 * POST /logout. scope: local (this device, the default), others (every other device) or
 * global (everywhere). Administrators land on /auth, everyone else on /.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const state = context.get(authStateContext);
  const form = await request.formData();
  const scope = (["local", "others", "global"] as const).find((s) => s === form.get("scope")) ?? "local";
  const from = form.get("from");
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const result = await signOut(platform, state, scope as SignOutScope, meta);
  if (scope === "others") return redirectWithToast(safeBack(request), SIGNED_OUT_OF_OTHER_DEVICES, platform.authSecret, result.headers);
  const toast = from === "portal" ? LOGGED_OUT_OF_PORTAL : LOGGED_OUT;
  return redirectWithToast(state.actor.kind === "staff" ? "/auth" : "/", toast, platform.authSecret, result.headers);
}

export function loader() {
  return redirect("/");
}

/** Back to the page that posted, when it is a page of this site; never to another host. */
function safeBack(request: Request) {
  const fallback = "/sponsor-profile";
  try {
    const referer = new URL(request.headers.get("referer") ?? "");
    if (referer.origin !== new URL(request.url).origin) return fallback;
    return safeRedirectPath(`${referer.pathname}${referer.search}`, fallback);
  } catch {
    return fallback;
  }
}
