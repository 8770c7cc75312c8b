import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download, LogOut, ShieldAlert, ShieldCheck, ShieldOff, Smartphone } from "lucide-react";
import { useId, type ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { ConfirmTotpSchema, CurrentSecondFactorSchema } from "~/features/accounts/admin.schema";
import { requireStaff } from "~/features/accounts/admin-guard.server";
import { submitPasswordChange } from "~/features/accounts/password-change.server";
import { requestMeta } from "~/features/accounts/request-meta";
import { formatSecretForHumans } from "~/features/accounts/totp";
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  findTwoFactorSetup,
  getTwoFactorStatus,
  regenerateBackupCodes,
  startTwoFactorSetup,
} from "~/features/accounts/two-factor.server";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "~/features/accounts/messages";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { errorToast, type Toast } from "~/platform/toast";
import { redirectWithToast } from "~/platform/toast.server";
import { ChangePasswordForm, CHANGE_PASSWORD_INTENT } from "~/features/accounts/change-password-form";
import { TextField } from "~/ui/forms/text-field";
import { SchemaForm } from "~/ui/forms/schema-form";
import { toastFirstIssue } from "~/ui/forms/validation-toast";
import { Button } from "~/ui/primitives/button";
import { cn } from "~/ui/primitives/cn";
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
    twoFactor: status,
    required: platform.env.REQUIRE_ADMIN_2FA,
    setup: setup && { qrCode: setup.qrCode, secret: formatSecretForHumans(setup.secret) },
  };
}

type ActionData = { intent: string; result?: SubmissionResult<string[]>; toast?: Toast; backupCodes?: string[] };

const successToast = (title: string, description: string): Toast => ({ id: crypto.randomUUID(), title, description, variant: "success" });

export async function action({ request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const state = context.get(authStateContext);
  const admin = requireStaff(state);
  const session = state.session!;
  const meta = requestMeta(request, context.get(requestInfoContext).clientAddress);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const account = { userId: admin.userId, email: admin.email, sessionId: session.id };

  switch (intent) {
    case CHANGE_PASSWORD_INTENT: {
      const outcome = await submitPasswordChange(platform, admin, session.id, formData, meta);
      if (!outcome.ok) return data<ActionData>({ intent, result: outcome.result, toast: outcome.toast }, { status: outcome.status });
      throw await redirectWithToast(outcome.redirectTo, outcome.toast, platform.authSecret);
    }
    case "start-2fa": {
      const started = await startTwoFactorSetup(platform, account);
      if ("ok" in started) return data<ActionData>({ intent, toast: errorToast("Error", started.message) }, { status: started.status });
      return data<ActionData>({ intent });
    }
    case "cancel-2fa": {
      await cancelTwoFactorSetup(platform.db, admin.userId);
      return data<ActionData>({ intent });
    }
    case "confirm-2fa": {
      const submission = parseWithZod(formData, { schema: ConfirmTotpSchema });
      if (submission.status !== "success") {
        return data<ActionData>(
          { intent, result: submission.reply({ hideFields: ["code"] }), toast: errorToast("Verification Failed", firstIssue(submission.error)) },
          { status: 400 },
        );
      }
      const outcome = await confirmTwoFactorSetup(platform, account, submission.value.code, meta);
      if (!outcome.ok) {
        const result = submission.reply({ hideFields: ["code"], fieldErrors: { code: [outcome.message] } });
        return data<ActionData>({ intent, result, toast: errorToast("Verification Failed", outcome.message) }, { status: outcome.status });
      }
      return data<ActionData>({
        intent,
        backupCodes: outcome.backupCodes,
        toast: successToast("Two-factor authentication is on", "Save your backup codes now: they are shown only once."),
      });
    }
    case "disable-2fa":
    case "regenerate-codes": {
      const submission = parseWithZod(formData, { schema: CurrentSecondFactorSchema });
      if (submission.status !== "success") {
        return data<ActionData>(
          { intent, result: submission.reply({ hideFields: ["code"] }), toast: errorToast("Verification Failed", firstIssue(submission.error)) },
          { status: 400 },
        );
      }
      const refuse = (message: string, status: number) => {
        const result = submission.reply({ hideFields: ["code"], fieldErrors: { code: [message] } });
        return data<ActionData>({ intent, result, toast: errorToast("Verification Failed", message) }, { status });
      };
      if (intent === "regenerate-codes") {
        const outcome = await regenerateBackupCodes(platform, account, submission.value.code, meta);
        if (!outcome.ok) return refuse(outcome.message, outcome.status);
        return data<ActionData>({ intent, backupCodes: outcome.backupCodes, toast: successToast("New backup codes", "Your old backup codes no longer work.") });
      }
      const outcome = await disableTwoFactor(platform, account, submission.value.code, meta);
      if (!outcome.ok) return refuse(outcome.message, outcome.status);
      return data<ActionData>({ intent, toast: successToast("Two-factor authentication is off", "Logging in now asks for your password only.") });
    }
    default:
      throw data({ message: "Unknown action" }, { status: 400 });
  }
}

function firstIssue(error: Record<string, string[] | null> | null | undefined) {
  return Object.values(error ?? {}).flat().filter(Boolean)[0] ?? "";
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const { twoFactor, required, setup, email } = loaderData;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const backupCodes = actionData?.backupCodes;
  const changingPassword = useIntentSubmitting(CHANGE_PASSWORD_INTENT);

  return (
    <>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-ink">Security</h1>
        <p className="mt-1 text-ink-muted">Two-factor authentication and the password of {email}.</p>
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
          </div>
        )}
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

function StatusBadge({ on }: { on: boolean }) {
  return (
    <span
      className={cn(
        "rounded-full px-2.5 py-0.5 text-sm font-semibold",
        on ? "bg-forest-700 text-cream" : "border border-ink/25 bg-cream-dark text-ink",
      )}
    >
      {on ? "On" : "Off"}
    </span>
  );
}

function useIntentSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function SubmitButton({ intent, busyLabel, children, variant }: { intent: string; busyLabel: string; children: ReactNode; variant?: "outline" }) {
  const busy = useIntentSubmitting(intent);
  return (
    <Button type="submit" disabled={busy} variant={variant}>
      {busy ? busyLabel : children}
    </Button>
  );
}

function SetupSteps({ setup, lastResult }: { setup: { qrCode: string; secret: string }; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "confirm-2fa",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ConfirmTotpSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <ol className="mt-6 space-y-6">
      <li>
        <h3 className="font-semibold text-ink">1. Scan this QR code with your authenticator app</h3>
        <img
          src={setup.qrCode}
          alt="QR code for adding Apiary to an authenticator app. If you cannot scan it, use the setup key below."
          width={200}
          height={200}
          className="mt-3 rounded-xl border border-border bg-white p-1"
        />
      </li>
      <li>
        <h3 className="font-semibold text-ink">2. Or type the setup key into the app</h3>
        <p className="mt-1 text-sm text-ink-muted">Choose a time-based key; the spaces do not matter.</p>
        <p className="mt-2 inline-block rounded-xl bg-cream-dark px-3 py-2 font-mono text-base font-semibold tracking-wide break-all text-ink" data-testid="totp-secret">
          {setup.secret}
        </p>
      </li>
      <li>
        <h3 className="font-semibold text-ink">3. Enter the 6-digit code the app shows</h3>
        <SchemaForm
          form={form}
          schema={ConfirmTotpSchema}
          className="mt-3 flex max-w-md flex-col gap-4"
        >
          <input type="hidden" name="intent" value="confirm-2fa" />
          <TextField field={fields.code} label="Authenticator code" inputMode="numeric" autoComplete="one-time-code" />
          <div className="flex flex-col gap-3 sm:flex-row">
            <SubmitButton intent="confirm-2fa" busyLabel="Verifying…">
              Verify and turn on
            </SubmitButton>
            {/* Submits the small form below: a form cannot sit inside another. */}
            <Button type="submit" form="cancel-2fa" variant="outline">
              Cancel set-up
            </Button>
          </div>
        </SchemaForm>
        <Form method="post" id="cancel-2fa" hidden>
          <input type="hidden" name="intent" value="cancel-2fa" />
        </Form>
      </li>
    </ol>
  );
}

function CodeForm({
  intent,
  title,
  description,
  submitLabel,
  lastResult,
  icon,
}: {
  intent: string;
  title: string;
  description: string;
  submitLabel: string;
  lastResult?: SubmissionResult<string[]>;
  icon?: ReactNode;
}) {
  const [form, fields] = useForm({
    id: intent,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CurrentSecondFactorSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const titleId = useId();
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby={titleId}
      onSubmit={(event) => {
        toastFirstIssue(event.currentTarget, CurrentSecondFactorSchema);
        form.onSubmit(event);
      }}
      className="flex flex-col gap-4 rounded-2xl border border-border p-5"
    >
      <div>
        <h3 id={titleId} className="font-semibold text-ink">
          {title}
        </h3>
        <p className="mt-1 text-sm text-ink-muted">{description}</p>
      </div>
      <input type="hidden" name="intent" value={intent} />
      <TextField field={fields.code} label="Authenticator or backup code" autoComplete="one-time-code" />
      <div>
        <SubmitButton intent={intent} busyLabel="Checking…" variant="outline">
          {icon}
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  const file = `Apiary backup codes\nEach code works once.\n\n${codes.join("\n")}\n`;
  return (
    <div className="mt-6 rounded-2xl border-2 border-forest-700 bg-forest-50 p-5" data-testid="backup-codes">
      <h3 className="font-semibold text-ink">Save your backup codes</h3>
      <p className="mt-1 text-sm text-ink">
        If you lose your phone, each of these codes lets you log in once. Keep them somewhere safe, like a password manager.
        <strong className="font-semibold"> They will not be shown again.</strong>
      </p>
      <ol className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-5" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-surface px-2 py-1.5 text-center font-mono text-base font-semibold tracking-wider text-ink">
            {code}
          </li>
        ))}
      </ol>
      <a
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
        download="apiary-backup-codes.txt"
        className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-full border border-ink/25 bg-surface px-5 text-sm font-semibold text-ink hover:bg-cream-dark"
      >
        <Download aria-hidden="true" className="size-4" />
        Download codes
      </a>
    </div>
  );
}
