import { KeyRound, LogOut, ShieldAlert, ShieldCheck, Smartphone } from "lucide-react";
import type { ReactNode } from "react";
import { data } from "react-router";
import { authStateContext, type AuthState } from "~/features/accounts/actor";
import { requireStaff, type StaffActor } from "~/features/accounts/admin-guard.server";
import { SECURITY_ERROR_TITLE } from "~/features/accounts/messages";
import { ADD_PASSKEY_INTENT, REMOVE_PASSKEY_INTENT } from "~/features/accounts/passkey-messages";
import { answerPasskeyForm, passkeyRows } from "~/features/accounts/passkeys.server";
import { PasskeyManager } from "~/features/accounts/sign-in-ways/passkey-manager";
import { answerPasswordChange } from "~/features/accounts/password-change.server";
import { requestMeta, type RequestMeta } from "~/features/accounts/request-meta";
import { listMySessions } from "~/features/accounts/sessions/my-sessions.server";
import { SessionsList } from "~/features/accounts/sessions/sessions-list";
import { useSending } from "~/ui/forms/use-sending";
import { answerTwoStepForm, loadTwoStep, TWO_STEP_FORM_INTENTS, type TwoStepAnswer, type TwoStepIntent } from "~/features/accounts/two-step/two-step-forms.server";
import { TwoStepSettings } from "~/features/accounts/two-step/two-step-settings";
import { formValues } from "~/platform/form-values";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { replyRefused, replyWithToast } from "~/platform/toast.server";
import { ChangePasswordForm, CHANGE_PASSWORD_INTENT } from "~/features/accounts/change-password-form";
import { FreshProofStep } from "~/features/accounts/fresh-proof/fresh-proof-step";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/security";

export const meta: Route.MetaFunction = () => [{ title: "Security | Apiary Back-office" }];

export async function loader({ context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const state = context.get(authStateContext);
  const admin = requireStaff(state);
  return {
    email: admin.email,
    sessions: await listMySessions(platform, state.session),
    passkeys: await passkeyRows(platform.db, admin.userId),
    twoStep: await loadTwoStep(platform, admin),
    required: platform.env.REQUIRE_ADMIN_2FA,
  };
}

type SecurityPost = {
  platform: Platform;
  admin: StaffActor;
  account: { userId: string; email: string; sessionId: string; session: AuthState["session"] };
  meta: RequestMeta;
  values: ReturnType<typeof formValues>;
  intent: string;
};

/** A two-step command's answer: its toast, any new backup codes (shown once) or texted number, or its refusal under the code field. */
function answer({ intent, values }: SecurityPost, outcome: Result<TwoStepAnswer>) {
  if (!outcome.ok) return replyRefused(outcome, { title: SECURITY_ERROR_TITLE, values, hideFields: ["code", "response"], formError: "none" }, { intent });
  return replyWithToast({ intent, backupCodes: outcome.value?.backupCodes, phoneSent: outcome.value?.phoneSent }, outcome.toast ?? null);
}

/** The second factors' forms, answered as at the sponsor's door; staff keep one when the site requires it. */
const twoStep = async (post: SecurityPost) =>
  answer(post, await answerTwoStepForm(post.platform, post.account, post.intent as TwoStepIntent, post.values, post.meta, { required: post.platform.env.REQUIRE_ADMIN_2FA }));

const INTENTS = {
  [CHANGE_PASSWORD_INTENT]: (post: SecurityPost) => answerPasswordChange({ ...post, sessionId: post.account.sessionId }, { intent: post.intent }),
  ...(Object.fromEntries(TWO_STEP_FORM_INTENTS.map((intent) => [intent, twoStep])) as Record<TwoStepIntent, typeof twoStep>),
  [ADD_PASSKEY_INTENT]: (post: SecurityPost) => answerPasskey(post),
  [REMOVE_PASSKEY_INTENT]: (post: SecurityPost) => answerPasskey(post),
};

/** Adding or removing one of one's passkeys (its refusals carry their own titles): its toast, or its refusal. */
async function answerPasskey(post: SecurityPost) {
  const outcome = (await answerPasskeyForm(post.platform, post.admin, post.account.session, post.intent, post.values, post.meta))!;
  return answer(post, outcome.ok ? { ...succeeded(null), toast: outcome.toast } : outcome);
}

export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(authStateContext);
  const admin = requireStaff(state);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (!Object.hasOwn(INTENTS, intent)) throw data({ message: "Unknown action" }, { status: 400 });
  const account = { userId: admin.userId, email: admin.email, sessionId: state.session!.id, session: state.session };
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  return INTENTS[intent as keyof typeof INTENTS]({ platform: context.get(platformContext), admin, account, meta, values: formValues(form), intent });
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const { twoStep: twoStepView, required, email, passkeys, sessions } = loaderData;
  const twoFactor = twoStepView.status;
  const resultFor = (intent: string) => (actionData?.intent === intent && "result" in actionData ? actionData.result : undefined);
  const backupCodes = actionData && "backupCodes" in actionData ? actionData.backupCodes : undefined;
  const phoneSent = actionData && "phoneSent" in actionData ? actionData.phoneSent : undefined;
  const changingPassword = useSending(CHANGE_PASSWORD_INTENT);

  return (
    <>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-ink">Security</h1>
        <p className="mt-1 text-ink-muted">Two-factor authentication, passkeys and the password of {email}.</p>
      </header>

      {required && !twoFactor.enabled && (
        <div className="mt-6 flex gap-3 rounded-2xl border border-honey-600 bg-honey-50 p-4 text-ink" data-testid="two-factor-required">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-honey-800" />
          <div>
            <h2 className="font-semibold">Two-factor authentication is required</h2>
            <p className="mt-1 text-sm">
              This site asks every administrator to use an authenticator app as well as a password. Set it up below; the rest of the
              back-office opens as soon as it is on.
            </p>
          </div>
        </div>
      )}

      <Section id="two-factor" title="Two-factor authentication" icon={<Smartphone />}>
        <TwoStepSettings view={twoStepView} required={required} resultFor={resultFor} backupCodes={backupCodes} phoneSent={phoneSent} />
      </Section>

      <Section id="passkeys" title="Passkeys" icon={<KeyRound />}>
        <PasskeyManager passkeys={passkeys} lastResult={resultFor(ADD_PASSKEY_INTENT)} removeResult={resultFor(REMOVE_PASSKEY_INTENT)} />
      </Section>

      <Section id="change-password" title="Change password" icon={<ShieldCheck />}>
        <p className="mb-5 max-w-prose text-ink-muted">Changing your password signs you out everywhere else.</p>
        <div className="max-w-md">
          <ChangePasswordForm
            id="security-change-password"
            requireCurrent
            email={email}
            redirectTo="/admin/security"
            lastResult={resultFor(CHANGE_PASSWORD_INTENT)}
            submitting={changingPassword}
          />
          <FreshProofStep formId="security-change-password" lastResult={resultFor(CHANGE_PASSWORD_INTENT)} />
        </div>
      </Section>

      <Section id="sessions" title="Where you're signed in" icon={<LogOut />}>
        <p className="max-w-prose text-ink-muted">Each device and browser signed in as {email}. Don't recognise one? Sign it out, then change your password.</p>
        <SessionsList sessions={sessions} signOutLabel="Logout" />
      </Section>
    </>
  );
}

function Section({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-8 scroll-mt-24 rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
      <h2 id={`${id}-title`} className="flex items-center gap-2.5 text-xl font-bold text-ink [&_svg]:size-5 [&_svg]:text-forest-700">
        <span aria-hidden="true">{icon}</span>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
