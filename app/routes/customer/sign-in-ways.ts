import { redirect } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { refuseStaffAtCustomerDoor } from "~/features/accounts/customer-door";
import { requestMeta } from "~/features/accounts/request-meta";
import { WAY_LINK_FAILED_TITLE } from "~/features/accounts/sign-in-ways-messages";
import { SECURITY_TAB_PATH } from "~/features/accounts/sign-in-ways-messages";
import { googleLinkOutcome, startWalletLink } from "~/features/accounts/sign-in-ways.server";
import { readFields } from "~/features/accounts/token-endpoint.server";
import { isFailure } from "~/platform/result";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { refusalToast } from "~/platform/toast";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/sign-in-ways";

/**
 * The "Sign-in ways" card's two exchanges that are not a form of the page:
 * GET is where Google's answer to a link lands (SIGN_IN_WAYS_PATH; said on the tab as a toast);
 * POST is the message a wallet signs to be linked to the signed-in account, as JSON.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const { actor } = context.get(authStateContext);
  if (actor.kind === "anonymous") throw redirect(`/customer-auth?redirectTo=${encodeURIComponent(SECURITY_TAB_PATH)}`);
  const customer = refuseStaffAtCustomerDoor(actor, "account");
  if (isFailure(customer)) throw redirect("/sponsor-profile");
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  throw await redirectWithToast(SECURITY_TAB_PATH, await googleLinkOutcome(platform.db, customer, url.searchParams, meta), platform.authSecret);
}

export async function action({ request, context }: Route.ActionArgs) {
  const headers = { "Cache-Control": "no-store" };
  const { actor } = context.get(authStateContext);
  const customer = actor.kind === "anonymous" ? null : refuseStaffAtCustomerDoor(actor, "account");
  if (!customer || isFailure(customer)) {
    return Response.json({ ok: false, toast: { title: WAY_LINK_FAILED_TITLE, description: "Please log in again.", variant: "error" } }, { status: 401, headers });
  }
  const fields = await readFields(request);
  if (!fields) return Response.json({ ok: false, error: "invalid_request" }, { status: 400, headers });
  const platform = context.get(platformContext);
  const outcome = await startWalletLink(platform, customer, fields, requestMeta(request, context.get(requestInfoContext).clientAddress));
  return outcome.ok
    ? Response.json({ ok: true, ...outcome.value }, { headers })
    : Response.json({ ok: false, toast: refusalToast(outcome, WAY_LINK_FAILED_TITLE) }, { status: outcome.status, headers });
}
