import { ShieldCheck } from "lucide-react";
import { data, redirect } from "react-router";
import { authStateContext, type AuthState } from "~/features/accounts/actor";
import { safeRedirectPath } from "~/features/accounts/auth.schema";
import { VERIFICATION_FAILED_TITLE } from "~/features/accounts/messages";
import { requestMeta, type RequestMeta } from "~/features/accounts/request-meta";
import { isBackOfficeUser } from "~/features/accounts/roles.server";
import { SecondFactorForm } from "~/features/accounts/second-factor-form";
import { codeStepChoices, completeSecondFactor, isSecondFactorExpired } from "~/features/accounts/second-factor.server";
import { challengePhoneFactor } from "~/features/accounts/second-factors.server";
import { signOut } from "~/features/accounts/sign-out.server";
import { formValues } from "~/platform/form-values";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import type { Platform } from "~/platform/runtime.server";
import { replyRefused, replyWithToast } from "~/platform/toast.server";
import { FormError } from "~/ui/forms/form-error";
import { ButtonLink } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/customer-two-step";

/**
 * The customer door's code step (aal2): every sign-in of a sponsor with a second factor comes
 * here after its first step, whichever it was, as the admin door's does at /auth. The session
 * grants nothing until the code is given (session.server.ts).
 */

const DEFAULT_DESTINATION = "/adopt-hive-signup";
const loginPage = (redirectTo: string) => `/customer-auth?redirectTo=${encodeURIComponent(redirectTo)}`;

export const meta: Route.MetaFunction = () => [{ title: "Two-Step Verification | Apiary" }, { name: "robots", content: "noindex" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const state = context.get(authStateContext);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), DEFAULT_DESTINATION);
  if (state.actor.kind === "customer") throw redirect(redirectTo);
  const pending = state.pendingSecondFactor;
  // Nothing waits for a code (never signed in, or the window has passed): the sign-in page.
  if (!pending || isSecondFactorExpired(pending, platform.clock.now())) throw redirect(loginPage(redirectTo));
  // Staff give their code at their own door.
  if (await isBackOfficeUser(platform.db, pending.userId)) throw redirect("/auth");
  const { method, methods, phones } = await codeStepChoices(platform, pending.userId, url.searchParams.get("method"));
  return { redirectTo, email: pending.email, method, methods, phones };
}

type StepPost = { platform: Platform; state: AuthState; meta: RequestMeta; values: ReturnType<typeof formValues>; redirectTo: string };

const INTENTS = {
  verify: async ({ platform, state, meta, values, redirectTo }: StepPost) => {
    const outcome = await completeSecondFactor(platform, state.pendingSecondFactor, values, "customer", meta, "customer");
    if (outcome.ok) throw redirect(redirectTo, { headers: outcome.value.headers });
    return replyRefused(outcome, { title: VERIFICATION_FAILED_TITLE, values, hideFields: ["code"], formError: outcome.fieldErrors ? "none" : "titled" }, { intent: "verify" });
  },
  challenge: async ({ platform, state, meta, values }: StepPost) => {
    const outcome = await challengePhoneFactor(platform, state.pendingSecondFactor, values, meta);
    if (!outcome.ok) return replyRefused(outcome, { title: VERIFICATION_FAILED_TITLE, values, formError: "titled" }, { intent: "challenge" });
    return replyWithToast({ intent: "challenge", result: null }, outcome.toast ?? null);
  },
  // Ends the session that was waiting for its code.
  cancel: async ({ platform, state, meta, redirectTo }: StepPost) => {
    const { headers } = await signOut(platform, state, "local", meta);
    throw redirect(loginPage(redirectTo), { headers });
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "verify");
  const post: StepPost = {
    platform: context.get(platformContext),
    state: context.get(authStateContext),
    meta: requestMeta(request, context.get(requestInfoContext).clientAddress),
    values: formValues(form),
    redirectTo: safeRedirectPath(form.get("redirectTo"), DEFAULT_DESTINATION),
  };
  if (!Object.hasOwn(INTENTS, intent)) throw data({ message: "Unknown action" }, { status: 400 });
  return INTENTS[intent as keyof typeof INTENTS](post);
}

export default function CustomerTwoStep({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const { redirectTo, email, method, methods, phones } = loaderData;
  // A refusal that ended the session (or a text that could not be sent) is said above the form too: no toasts without JavaScript.
  const notice = actionData?.result?.error?.[""];
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <div className="mx-auto mb-4 inline-flex size-12 items-center justify-center rounded-full bg-forest-800 text-cream" aria-hidden="true">
          <ShieldCheck className="size-6" />
        </div>
        <h1 className="text-center text-3xl font-bold tracking-tight text-ink">Two-Step Verification</h1>
        {notice && (
          <div className="mt-4">
            <FormError errors={notice} id="two-step-notice" />
          </div>
        )}
        <div className="mt-4">
          <SecondFactorForm
            key={method}
            method={method}
            methods={methods}
            phones={phones}
            email={email}
            redirectTo={redirectTo}
            keepInLinks={{ redirectTo }}
            lastResult={actionData?.intent === "verify" ? actionData.result : undefined}
          />
        </div>
        {notice && actionData?.intent === "verify" && (
          <ButtonLink to={loginPage(redirectTo)} variant="outline" className="mt-3 w-full">
            Back to sign-in
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
