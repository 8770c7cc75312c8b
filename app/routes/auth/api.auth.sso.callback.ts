import { redirect } from "react-router";
import { requestMeta } from "~/features/accounts/request-meta";
import { firstFactorHeader } from "~/features/accounts/second-factor.server";
import { ssoFailed } from "~/features/single-sign-on/messages";
import { finishSsoSignIn, forgetSsoFlowHeader } from "~/features/single-sign-on/sso-sign-in.server";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/api.auth.sso.callback";

/** The admin login again, keeping where the staff member was going. */
const loginPage = (redirectTo: string) => (redirectTo === "/admin" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(redirectTo)}`);

/**
 * Where a staff member's OpenID provider sends the browser back (the redirect URI registered
 * there). Signed in: on to where they were going, or to the code step when 2FA is on. Refused:
 * the admin login with the reason as a toast. The started sign-in is forgotten either way.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const forget = await forgetSsoFlowHeader(platform.authSecret);
  const outcome = await finishSsoSignIn(platform, url.searchParams, request.headers.get("cookie"), meta);
  if (!outcome.ok) return redirectWithToast("/auth", ssoFailed(outcome.title ?? "Login Failed", outcome.message), platform.authSecret, { "Set-Cookie": forget });
  const headers = new Headers(outcome.value.headers);
  headers.append("Set-Cookie", forget);
  if (!outcome.value.secondFactorRequired) throw redirect(outcome.value.redirectTo, { headers });
  headers.append("Set-Cookie", await firstFactorHeader("sso", platform.authSecret));
  throw redirect(loginPage(outcome.value.redirectTo), { headers });
}
