import { redirect } from "react-router";
import type { Platform } from "~/platform/runtime.server";
import type { Toast } from "~/platform/toast";
import { getAuth } from "./auth.server";
import type { RequestMeta } from "./request-meta";

/** Starts Google sign-in: a redirect to Google carrying Better Auth's signed state cookie. */
export async function startGoogleSignIn(
  platform: Platform,
  meta: RequestMeta,
  targets: { callbackURL: string; errorCallbackURL: string },
) {
  const { headers, response } = await getAuth(platform).api.signInSocial({
    body: { provider: "google", callbackURL: targets.callbackURL, errorCallbackURL: targets.errorCallbackURL, disableRedirect: true },
    headers: meta.headers,
    returnHeaders: true,
  });
  if (!response.url) throw new Error("Google sign-in did not return an authorization URL");
  return redirect(response.url, { headers });
}

/** Better Auth sends errors back as `?error=code`; the spec's title with a sentence a person can act on. */
export function googleErrorToast(code: string | null): Toast | null {
  if (!code) return null;
  const description =
    code === "account_not_linked"
      ? "An account with this e-mail already exists. Log in with your password, verify your e-mail, then use Google."
      : code === "email_not_found"
        ? "Google did not share an e-mail address for this account."
        : "Google sign-in could not be completed. Please try again.";
  return { id: `google-${code}`, title: "Google Sign-in Failed", description, variant: "error" };
}
