import { redirect } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { safeRedirectPath } from "~/features/accounts/auth.schema";
import { signOut, type SignOutScope } from "~/features/accounts/sign-out.server";
import { requestMeta } from "~/features/accounts/request-meta";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { toastHeader } from "~/platform/toast.server";
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
  const headers = new Headers(result.headers);

  if (scope === "others") {
    headers.append("Set-Cookie", await toastHeader({ title: "Signed out of other devices", description: "Only this device is still signed in.", variant: "success" }, platform.authSecret));
    return redirect(safeBack(request), { headers });
  }
  const toast =
    from === "portal"
      ? { title: "Logged out", description: "You have been successfully logged out.", variant: "success" as const }
      : { title: "Logged out successfully", description: "See you next time!", variant: "success" as const };
  headers.append("Set-Cookie", await toastHeader(toast, platform.authSecret));
  return redirect(state.actor.kind === "staff" ? "/auth" : "/", { headers });
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
