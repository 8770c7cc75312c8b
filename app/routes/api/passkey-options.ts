import { authStateContext } from "~/features/accounts/actor";
import { CONFIRM_IT_IS_YOU_TITLE } from "~/features/accounts/fresh-proof/fresh-proof.schema";
import { LOGIN_FAILED_TITLE } from "~/features/accounts/messages";
import { PASSKEY_FAILED_TITLE } from "~/features/accounts/passkey-messages";
import { startPasskeyProof, startPasskeyRegistration, startPasskeySignIn } from "~/features/accounts/passkeys.server";
import { requestMeta } from "~/features/accounts/request-meta";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { errorToast, refusalToast } from "~/platform/toast";
import type { Route } from "./+types/passkey-options";

/**
 * POST: the options for the browser's passkey call, as JSON, each with a new single-use
 * challenge: `purpose=sign-in:customer` or `sign-in:admin` at a door (anyone, limited per
 * address), `purpose=register` to add a passkey (signed in), `purpose=reauthenticate` to confirm
 * it's them with one of their own (signed in; /reauthenticate takes the answer). The answer to them goes to the
 * page's own action (the door's sign-in, the security page's add).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const purpose = (await request.formData()).get("purpose");
  const headers = { "Cache-Control": "no-store" };
  if (purpose === "sign-in:customer" || purpose === "sign-in:admin") {
    const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
    const outcome = await startPasskeySignIn(platform, purpose === "sign-in:admin" ? "admin" : "customer", meta);
    return outcome.ok
      ? Response.json({ ok: true, options: outcome.value }, { headers })
      : Response.json({ ok: false, toast: refusalToast(outcome, LOGIN_FAILED_TITLE) }, { status: outcome.status, headers });
  }
  if (purpose === "register") {
    const { actor } = context.get(authStateContext);
    if (actor.kind === "anonymous") {
      return Response.json({ ok: false, toast: errorToast(PASSKEY_FAILED_TITLE, "Please log in again to add a passkey.") }, { status: 401, headers });
    }
    const outcome = await startPasskeyRegistration(platform, actor);
    return outcome.ok
      ? Response.json({ ok: true, options: outcome.value }, { headers })
      : Response.json({ ok: false, toast: refusalToast(outcome, PASSKEY_FAILED_TITLE) }, { status: outcome.status, headers });
  }
  if (purpose === "reauthenticate") {
    const { actor } = context.get(authStateContext);
    if (actor.kind === "anonymous") return Response.json({ ok: false, toast: errorToast(CONFIRM_IT_IS_YOU_TITLE, "Please log in again.") }, { status: 401, headers });
    const outcome = await startPasskeyProof(platform, actor.userId);
    return outcome.ok
      ? Response.json({ ok: true, options: outcome.value }, { headers })
      : Response.json({ ok: false, toast: refusalToast(outcome, CONFIRM_IT_IS_YOU_TITLE) }, { status: outcome.status, headers });
  }
  return Response.json({ ok: false, toast: null }, { status: 400, headers });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
