import { redirect } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { safeRedirectPath } from "~/features/accounts/auth.schema";
import { LOGGED_OUT, LOGGED_OUT_OF_PORTAL, SIGNED_OUT_OF_OTHER_DEVICES } from "~/features/accounts/messages";
import { signOut, type SignOutScope } from "~/features/accounts/sign-out.server";
import { requestMeta } from "~/features/accounts/request-meta";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { redirectWithToast } from "~/platform/toast.server";
import { endMySession } from "~/features/accounts/sessions/my-sessions.server";
import { SIGN_OUT_FAILED_TITLE, SIGNED_OUT_OF_ONE_DEVICE } from "~/features/accounts/sessions/messages";
import type { Route } from "./+types/logout";

/**
 * POST /logout. scope: local (this device, the default), others (every other device) or
 * global (everywhere). Administrators land on /auth, everyone else on /. With `session` (a
 * session's id from the Sessions list) it signs out that one device of one's own instead, and
 * goes back to the list; this device's own id is the local scope.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const state = context.get(authStateContext);
  const form = await request.formData();
  const scope = (["local", "others", "global"] as const).find((s) => s === form.get("scope")) ?? "local";
  const from = form.get("from");
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const one = form.get("session");
  if (typeof one === "string" && one !== state.session?.id) {
    const ended = await endMySession(platform, state.session, one, meta);
    const toast = ended.ok ? SIGNED_OUT_OF_ONE_DEVICE : { title: SIGN_OUT_FAILED_TITLE, description: ended.message, variant: "error" as const };
    return redirectWithToast(state.session ? safeBack(request) : "/", toast, platform.authSecret);
  }
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
