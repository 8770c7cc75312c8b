import { ShieldCheck } from "lucide-react";
import { redirect, useNavigation } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { freshProofWays, proveItIsYou, sendFreshProofCode } from "~/features/accounts/fresh-proof.server";
import { CONFIRM_IT_IS_YOU_TITLE, PROVE_INTENT, safeReturnTo, SEND_PROOF_CODE_INTENT } from "~/features/accounts/fresh-proof/fresh-proof-messages";
import { ProofForms, type ProofReply } from "~/features/accounts/fresh-proof/proof-forms";
import { requestMeta } from "~/features/accounts/request-meta";
import { formValues } from "~/platform/form-values";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { redirectWithToast, replyRefused, replyWithToast } from "~/platform/toast.server";
import { ButtonLink } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/reauthenticate";

export const meta: Route.MetaFunction = () => [{ title: "Confirm it's you | Apiary" }, { name: "robots", content: "noindex" }];

/** A signed-out visitor has nothing to confirm: to the door of the page they came from. */
function signInFirst(returnTo: string) {
  const door = returnTo.startsWith("/admin") ? "/auth" : "/customer-auth";
  return redirect(`${door}?redirectTo=${encodeURIComponent(returnTo)}`);
}

/**
 * The spec's GET /reauthenticate, as a page and a command: the ways this person has to confirm
 * it's them (the "Confirm it's you" dialog loads them from here too), and one proof posted to
 * it starting a new five minutes for the session. From the dialog (`stay`) the answer is data
 * and the dialog sends the person's form again; from this page (no JavaScript) it goes back to
 * `returnTo`, where the person sends their form again.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { actor } = context.get(authStateContext);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  if (actor.kind === "anonymous") throw signInFirst(returnTo);
  const { ways, email } = await freshProofWays(context.get(platformContext).db, actor.userId);
  return { ways, email, returnTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const { actor, session } = context.get(authStateContext);
  const form = await request.formData();
  const values = formValues(form);
  const returnTo = safeReturnTo(values.returnTo);
  if (actor.kind === "anonymous") throw signInFirst(returnTo);
  const stay = values.stay === "1";
  const intent = values.intent === SEND_PROOF_CODE_INTENT ? SEND_PROOF_CODE_INTENT : PROVE_INTENT;
  const way = typeof values.way === "string" ? values.way : null;
  const body: ProofReply = { intent, way };

  if (intent === SEND_PROOF_CODE_INTENT) {
    const sent = await sendFreshProofCode(platform, session);
    if (!sent.ok) return replyRefused(sent, { title: CONFIRM_IT_IS_YOU_TITLE, formError: "message" }, { ...body, codeSent: false });
    return replyWithToast({ ...body, codeSent: true, result: null }, sent.toast ?? null);
  }
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const outcome = await proveItIsYou(platform, session, values, meta);
  if (!outcome.ok) {
    return replyRefused(outcome, { title: CONFIRM_IT_IS_YOU_TITLE, values, hideFields: ["code", "response"], formError: outcome.fieldErrors ? "none" : "message" }, { ...body, codeSent: way === "email-code" });
  }
  if (stay) return replyWithToast({ ...body, proven: true, result: null }, outcome.toast ?? null);
  throw await redirectWithToast(returnTo, outcome.toast ?? null, platform.authSecret);
}

export default function Reauthenticate({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const navigation = useNavigation();
  const { ways, email, returnTo } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-ink">
          <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-forest-700" />
          {CONFIRM_IT_IS_YOU_TITLE}
        </h1>
        <p className="mt-2 mb-6 text-ink-muted">It has been more than 5 minutes since you signed in. Confirm it's you, then send your change again.</p>
        <ProofForms ways={ways} email={email} returnTo={returnTo} reply={actionData} busy={navigation.state !== "idle"} />
        <ButtonLink to={returnTo} variant="secondary" className="mt-6 w-full">
          Back
        </ButtonLink>
      </div>
    </div>
  );
}
