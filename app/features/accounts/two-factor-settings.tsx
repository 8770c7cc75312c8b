import { useForm, type SubmissionResult } from "@conform-to/react";
import { Download } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Form } from "react-router";
import { clientSchema } from "~/ui/forms/client-schema";
import { TextField } from "~/ui/forms/text-field";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { Button } from "~/ui/primitives/button";
import { cn } from "~/ui/primitives/cn";
import { lazyFormProps } from "~/ui/forms/lazy-form-props";
import { useSending } from "~/ui/forms/use-sending";

const confirmTotp = clientSchema(() => import("./admin.schema").then((m) => m.ConfirmTotpSchema));
const currentSecondFactor = clientSchema(() => import("./admin.schema").then((m) => m.CurrentSecondFactorSchema));

/**
 * The two-factor part of the back-office's security page (routes/admin/security.tsx): its status,
 * the set-up steps, the forms that ask for a current code, and the backup codes shown once. Each
 * form posts its intent to the page's action.
 */

export function StatusBadge({ on }: { on: boolean }) {
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

export function SubmitButton({ intent, busyLabel, children, variant }: { intent: string; busyLabel: string; children: ReactNode; variant?: "outline" }) {
  const busy = useSending(intent);
  return (
    <Button type="submit" disabled={busy} variant={variant}>
      {busy ? busyLabel : children}
    </Button>
  );
}

export function SetupSteps({ setup, lastResult }: { setup: { qrCode: string; secret: string }; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "confirm-2fa",
    lastResult,
    onValidate: confirmTotp.validate,
    ...checkedOnSubmit,
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
          schema={confirmTotp}
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

export function CodeForm({
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
    onValidate: currentSecondFactor.validate,
    ...checkedOnSubmit,
  });
  const titleId = useId();
  return (
    <Form
      method="post"
      {...lazyFormProps(form, currentSecondFactor, { toast: true })}
      aria-labelledby={titleId}
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

export function BackupCodes({ codes }: { codes: string[] }) {
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
