import { KeyRound, LogOut, ShieldAlert, ShieldCheck, ShieldOff, Smartphone } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form } from "react-router";
import { authStateContext, type AuthState } from "~/features/accounts/actor";
import { requireStaff, type StaffActor } from "~/features/accounts/admin-guard.server";
import { SECURITY_ERROR_TITLE, TWO_FACTOR_REQUIRED_MESSAGE } from "~/features/accounts/messages";
import { ADD_PASSKEY_INTENT, REMOVE_PASSKEY_INTENT } from "~/features/accounts/passkeys.schema";
import { answerPasskeyForm, passkeyRows } from "~/features/accounts/passkeys.server";
import { PasskeyManager } from "~/features/accounts/sign-in-ways/passkey-manager";
import { answerPasswordChange } from "~/features/accounts/password-change.server";
import { requestMeta, type RequestMeta } from "~/features/accounts/request-meta";
import { formatSecretForHumans } from "~/features/accounts/totp";
import { BackupCodes, CodeForm, SetupSteps, StatusBadge, SubmitButton, useIntentSubmitting } from "~/features/accounts/two-factor-settings";
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  findTwoFactorSetup,
  getTwoFactorStatus,
  regenerateBackupCodes,
  startTwoFactorSetup,
} from "~/features/accounts/two-factor.server";
import { formValues } from "~/platform/form-values";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { succeeded, type Result } from "~/platform/result";
import type { Platform } from "~/platform/runtime.server";
import { replyRefused, replyWithToast } from "~/platform/toast.server";
import { ChangePasswordForm, CHANGE_PASSWORD_INTENT } from "~/features/accounts/change-password-form";
import { requireFreshProof } from "~/features/accounts/fresh-proof.server";
import { FreshProofStep } from "~/features/accounts/fresh-proof/fresh-proof-step";
import { Button } from "~/ui/primitives/button";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/security";

export const meta: Route.MetaFunction = () => [{ title: "Security | Apiary Back-office" }];

export async function loader({ context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const admin = requireStaff(context.get(authStateContext));
  const status = await getTwoFactorStatus(platform.db, admin.userId);
  const setup = status.enabled ? null : await findTwoFactorSetup(platform, admin);
  return {
    email: admin.email,
    passkeys: await passkeyRows(platform.db, admin.userId),
    twoFactor: status,
    required: platform.env.REQUIRE_ADMIN_2FA,
    setup: setup && { qrCode: setup.qrCode, secret: formatSecretForHumans(setup.secret) },
  };
}

type SecurityPost = {
  platform: Platform;
  admin: StaffActor;
  account: { userId: string; email: string; sessionId: string };
  session: AuthState["session"];
  meta: RequestMeta;
  values: ReturnType<typeof formValues>;
  intent: string;
};

/** A two-factor command's answer: its toast and any new backup codes (shown once), or its refusal under the code field. */
function answer({ intent, values }: SecurityPost, outcome: Result<{ backupCodes?: string[] } | null>) {
  if (!outcome.ok) return replyRefused(outcome, { title: SECURITY_ERROR_TITLE, values, hideFields: ["code", "response"], formError: "none" }, { intent });
  return replyWithToast({ intent, backupCodes: outcome.value?.backupCodes }, outcome.toast ?? null);
}

const INTENTS = {
  [CHANGE_PASSWORD_INTENT]: (post: SecurityPost) => answerPasswordChange({ ...post, sessionId: post.account.sessionId }, { intent: post.intent }),
  "start-2fa": async (post: SecurityPost) => {
    const started = await startTwoFactorSetup(post.platform, post.account);
    // The set-up itself (its secret) is not in the answer: the page's loader shows it.
    return answer(post, started.ok ? succeeded(null) : started);
  },
  "cancel-2fa": async (post: SecurityPost) => {
    await cancelTwoFactorSetup(post.platform.db, post.admin.userId);
    return answer(post, succeeded(null));
  },
  "confirm-2fa": async (post: SecurityPost) => answer(post, await confirmTwoFactorSetup(post.platform, post.account, post.values, post.meta)),
  // Turning 2FA off asks for a fresh proof ("Confirm it's you") as well as a current code.
  "disable-2fa": async (post: SecurityPost) => answer(post, (await requireFreshProof(post.platform, post.session)) ?? (await disableTwoFactor(post.platform, post.account, post.values, post.meta))),
  "regenerate-codes": async (post: SecurityPost) => answer(post, await regenerateBackupCodes(post.platform, post.account, post.values, post.meta)),
  [ADD_PASSKEY_INTENT]: (post: SecurityPost) => answerPasskey(post),
  [REMOVE_PASSKEY_INTENT]: (post: SecurityPost) => answerPasskey(post),
};

/** Adding or removing one of one's passkeys (its refusals carry their own titles): its toast, or its refusal. */
async function answerPasskey(post: SecurityPost) {
  const outcome = (await answerPasskeyForm(post.platform, post.admin, post.intent, post.values, post.meta))!;
  return answer(post, outcome.ok ? { ...succeeded(null), toast: outcome.toast } : outcome);
}

export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(authStateContext);
  const admin = requireStaff(state);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (!Object.hasOwn(INTENTS, intent)) throw data({ message: "Unknown action" }, { status: 400 });
  const account = { userId: admin.userId, email: admin.email, sessionId: state.session!.id };
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  return INTENTS[intent as keyof typeof INTENTS]({ platform: context.get(platformContext), admin, account, session: state.session, meta, values: formValues(form), intent });
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const { twoFactor, required, setup, email, passkeys } = loaderData;
  const resultFor = (intent: string) => (actionData?.intent === intent && "result" in actionData ? actionData.result : undefined);
  const backupCodes = actionData && "backupCodes" in actionData ? actionData.backupCodes : undefined;
  const changingPassword = useIntentSubmitting(CHANGE_PASSWORD_INTENT);

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
        <p className="flex flex-wrap items-center gap-2 text-ink-muted">
          Status:
          <StatusBadge on={twoFactor.enabled} />
          {twoFactor.enabled && !backupCodes && (
            <span>
              · {twoFactor.backupCodesLeft} backup {twoFactor.backupCodesLeft === 1 ? "code" : "codes"} left
            </span>
          )}
        </p>

        {backupCodes && <BackupCodes codes={backupCodes} />}

        {!twoFactor.enabled && !setup && (
          <>
            <p className="mt-4 max-w-prose text-ink-muted">
              With two-factor authentication on, logging in also asks for a 6-digit code from an authenticator app on your phone
              (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis), so a stolen password alone is not enough.
            </p>
            <Form method="post" className="mt-5">
              <input type="hidden" name="intent" value="start-2fa" />
              <SubmitButton intent="start-2fa" busyLabel="Preparing…">
                Set up two-factor authentication
              </SubmitButton>
            </Form>
          </>
        )}

        {!twoFactor.enabled && setup && <SetupSteps setup={setup} lastResult={resultFor("confirm-2fa")} />}

        {twoFactor.enabled && (
          <div className="mt-6 grid gap-6 xl:grid-cols-2">
            <CodeForm
              intent="regenerate-codes"
              title="New backup codes"
              description="Replaces all your backup codes, used or not. Confirm with a current code."
              submitLabel="Generate new backup codes"
              lastResult={resultFor("regenerate-codes")}
            />
            {required ? (
              <div className="rounded-2xl border border-border p-5">
                <h3 className="font-semibold text-ink">Turn off</h3>
                <p className="mt-1 text-sm text-ink-muted">{TWO_FACTOR_REQUIRED_MESSAGE}</p>
              </div>
            ) : (
              <CodeForm
                intent="disable-2fa"
                title="Turn off"
                description="Logging in will ask for your password only. Confirm with a current code."
                submitLabel="Turn off two-factor authentication"
                lastResult={resultFor("disable-2fa")}
                icon={<ShieldOff aria-hidden="true" />}
              />
            )}
            <FreshProofStep formId="disable-2fa" lastResult={resultFor("disable-2fa")} />
          </div>
        )}
      </Section>

      <Section id="passkeys" title="Passkeys" icon={<KeyRound />}>
        <PasskeyManager passkeys={passkeys} lastResult={resultFor(ADD_PASSKEY_INTENT)} />
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

      <Section id="sessions" title="Other devices" icon={<LogOut />}>
        <p className="max-w-prose text-ink-muted">Signed in on a computer you no longer use? End every session except this one.</p>
        <Form method="post" action="/logout" className="mt-5">
          <input type="hidden" name="scope" value="others" />
          <Button type="submit" variant="outline">
            Sign out other devices
          </Button>
        </Form>
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
