import { useForm, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  isWellFormedCode,
  normalizeSecondFactorCode,
  SECOND_FACTOR_CODE_LENGTH,
  type SecondFactorMethod,
} from "./second-factor-code";
import { lazyFormProps } from "~/ui/forms/lazy-form-props";
import { clientSchema } from "~/ui/forms/client-schema";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { Button } from "~/ui/primitives/button";
import { cn } from "~/ui/primitives/cn";
import { useSending } from "~/ui/forms/use-sending";

const secondFactor = clientSchema(() => import("./admin.schema").then((m) => m.SecondFactorSchema));

const LABEL: Record<SecondFactorMethod, string> = {
  totp: "Authenticator code",
  backup: "Backup code",
  sms: "Text message code",
};
const SWITCH_LABEL: Record<SecondFactorMethod, string> = {
  ...LABEL,
  sms: "Text message",
};
const INSTRUCTION: Record<SecondFactorMethod, string> = {
  totp: "Enter the 6-digit code your authenticator app shows for Apiary.",
  backup:
    "Enter one of the 8-character backup codes you saved when you turned on two-factor authentication. Each code works once.",
  sms: "Enter the 6-digit code we texted to your phone.",
};

/** A phone a sign-in can text its code to, its number partly hidden. */
export type CodeStepPhone = { id: string; friendlyName: string; shown: string };

/**
 * The code step of a sign-in, at either door: a switch between the kinds of code this person has
 * (links, so it also works without JavaScript), for a text message the button that sends one,
 * the code field, Verify and Cancel.
 */
export function SecondFactorForm({
  method,
  email,
  redirectTo,
  lastResult,
  methods = ["totp", "backup"],
  phones = [],
  keepInLinks,
}: {
  method: SecondFactorMethod;
  email: string;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** The kinds of code this person can give, the first one the default. */
  methods?: SecondFactorMethod[];
  phones?: CodeStepPhone[];
  /** Query parameters the switch's links keep (the customer door's `redirectTo`). */
  keepInLinks?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const verifying = useSending("verify");
  const hydrated = useHydrated();
  const length = SECOND_FACTOR_CODE_LENGTH[method];
  const [code, setCode] = useState("");
  // A refused code is spent or wrong either way: clear the field for the next one.
  const [seenResult, setSeenResult] = useState(lastResult);
  if (seenResult !== lastResult) {
    setSeenResult(lastResult);
    setCode("");
  }
  const [form, fields] = useForm({
    id: `second-factor-${method}`,
    lastResult,
    onValidate: secondFactor.validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const field = fields.code;
  const errorId = `${field.id}-error`;
  const hintId = `${field.id}-hint`;
  const invalid = Boolean(field.errors?.length);
  const ready = isWellFormedCode(method, code);

  return (
    <div>
      <p className="text-center text-ink-muted">
        Signed in as{" "}
        <span className="font-semibold [overflow-wrap:anywhere] text-ink">
          {email}
        </span>
      </p>
      {methods.length > 1 && (
        <div
          role="group"
          aria-label="Type of code"
          className={cn(
            "mt-6 grid gap-1 rounded-full bg-muted p-1",
            methods.length === 3 ? "grid-cols-3" : "grid-cols-2",
          )}
        >
          {methods.map((value) => (
            <Link
              key={value}
              to={`?${new URLSearchParams({ ...keepInLinks, ...(value === methods[0] ? {} : { method: value }) }).toString()}`}
              replace
              preventScrollReset
              aria-current={value === method ? "true" : undefined}
              className={cn(
                "flex min-h-10 items-center justify-center rounded-full px-2 text-center text-[0.8125rem] leading-tight font-semibold text-ink-muted transition-colors",
                methods.length === 3 ? "" : "whitespace-nowrap",
                "aria-[current=true]:bg-surface aria-[current=true]:text-ink aria-[current=true]:shadow-sm",
              )}
            >
              {methods.length === 3 ? SWITCH_LABEL[value] : LABEL[value]}
            </Link>
          ))}
        </div>
      )}
      {method === "sms" && (
        <TextMeACode phones={phones} redirectTo={redirectTo} busy={busy} />
      )}

      <Form
        method="post"
        replace
        {...lazyFormProps(form, secondFactor)}
        className="mt-6 flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="method" value={method} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={field.id} className="text-sm font-semibold text-ink">
            {LABEL[method]}
          </label>
          <input
            id={field.id}
            name={field.name}
            type="text"
            aria-invalid={invalid || undefined}
            aria-describedby={[hintId, invalid ? errorId : ""]
              .filter(Boolean)
              .join(" ")}
            value={code}
            onChange={(event) =>
              setCode(
                normalizeSecondFactorCode(method, event.target.value).slice(
                  0,
                  length,
                ),
              )
            }
            inputMode={method === "totp" ? "numeric" : "text"}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            className={cn(
              "min-h-12 rounded-xl border bg-surface px-3.5 text-center font-mono text-2xl tracking-[0.3em] text-ink shadow-sm",
              invalid ? "border-red-700" : "border-border",
            )}
          />
          <p id={hintId} className="text-sm text-ink-muted">
            {INSTRUCTION[method]}
          </p>
          {invalid && (
            <p id={errorId} className="text-sm font-medium text-red-800">
              {field.errors![0]}
            </p>
          )}
        </div>
        {/* Disabled until the code has its full length, but only once JavaScript can enable it again. */}
        <Button
          type="submit"
          size="lg"
          disabled={verifying || (hydrated && !ready)}
          className="mt-2"
        >
          {verifying ? "Verifying…" : "Verify"}
        </Button>
      </Form>
      <Form method="post" replace className="mt-3">
        <input type="hidden" name="intent" value="cancel" />
        <Button
          type="submit"
          variant="ghost"
          size="lg"
          className="w-full"
          disabled={busy}
        >
          Cancel
        </Button>
      </Form>
    </div>
  );
}

/** "Text me a code" (the factor's challenge): to the one phone, or to the one chosen among several. */
function TextMeACode({
  phones,
  redirectTo,
  busy,
}: {
  phones: CodeStepPhone[];
  redirectTo: string;
  busy: boolean;
}) {
  const sending = useSending("challenge");
  const [first] = phones;
  if (!first) return null;
  return (
    <Form
      method="post"
      replace
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-border p-4"
    >
      <input type="hidden" name="intent" value="challenge" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {phones.length === 1 ? (
        <>
          <input type="hidden" name="factorId" value={first.id} />
          <p className="text-sm text-ink">
            We will text a code to{" "}
            <span className="font-semibold">{first.friendlyName}</span> (
            {first.shown}).
          </p>
        </>
      ) : (
        <label className="flex flex-col gap-1.5 text-sm font-semibold text-ink">
          Phone
          <select
            name="factorId"
            className="min-h-11 rounded-xl border border-border bg-surface px-3 font-normal"
          >
            {phones.map((phone) => (
              <option key={phone.id} value={phone.id}>
                {phone.friendlyName} ({phone.shown})
              </option>
            ))}
          </select>
        </label>
      )}
      <Button type="submit" variant="outline" disabled={busy}>
        {sending ? "Sending…" : "Text me a code"}
      </Button>
    </Form>
  );
}
