import { useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Link, useNavigation } from "react-router";
import type { PublicTier } from "~/features/catalog/active-tiers.server";
import { formatUsd } from "~/platform/money";
import type { Toast } from "~/platform/toast";
import { LoadFailureNotice } from "~/ui/errors/load-failure-notice";
import { FormError } from "~/ui/forms/form-error";
import { SchemaForm } from "~/ui/forms/schema-form";
import { TextField } from "~/ui/forms/text-field";
import { CheckMark } from "~/ui/primitives/check-mark";
import { buttonClasses, Button } from "~/ui/primitives/button";
import { cn } from "~/ui/primitives/cn";
import { clientSchema } from "~/ui/forms/client-schema";
import { adoptionIssueToast } from "./adoption-messages";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "./adoption-options";
import type { AdoptionDraft } from "./adoption.schema";

const adoptionRequest = clientSchema(() => import("./adoption.schema").then((m) => m.AdoptionRequestSchema));

type Viewer = { kind: "anonymous" } | { kind: "customer"; email: string } | { kind: "admin"; email: string };

/** The Adopt Hive tab: the tier grid, then (signed in) the completion card for the chosen tier. */
export function AdoptHivePanel({
  tiers,
  chosenTierId,
  draft = null,
  failure,
  viewer,
  lastResult,
}: {
  tiers: PublicTier[];
  chosenTierId: string | null;
  /** Choices carried through a sign-in: the card opens with them. */
  draft?: AdoptionDraft | null;
  /** Set when the tiers could not be loaded: said in place of the grid. */
  failure?: Toast | null;
  viewer: Viewer;
  lastResult?: SubmissionResult<string[]>;
}) {
  const chosen = tiers.find((tier) => tier.id === chosenTierId) ?? null;
  const saving = Math.max(0, ...tiers.map((tier) => tier.annualSavingPercent));
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h2 className="text-2xl font-bold text-ink">Choose your tier</h2>
        <p className="mt-1 text-ink-muted">
          Pay monthly, or yearly and save {saving || 8}%. Every tier funds real hives and habitat.
        </p>
      </div>
      {failure ? (
        <LoadFailureNotice failure={failure} />
      ) : tiers.length === 0 ? (
        <p className="rounded-2xl bg-honey-100 p-4 text-ink">No tiers are open for adoption right now. Please check back soon.</p>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {tiers.map((tier) => (
            <TierCard key={tier.id} tier={tier} selected={tier.id === chosenTierId} />
          ))}
        </ul>
      )}
      {chosen && viewer.kind === "customer" && <AdoptionForm key={chosen.id} tier={chosen} draft={draft} lastResult={lastResult} />}
    </div>
  );
}

function TierCard({ tier, selected }: { tier: PublicTier; selected: boolean }) {
  return (
    <li
      className={cn(
        "flex flex-col rounded-2xl border bg-surface p-5 shadow-sm",
        selected ? "border-forest-700 ring-2 ring-forest-700" : "border-border",
      )}
    >
      <h3 className="text-lg font-bold text-ink">{tier.name}</h3>
      <p className="mt-2 text-2xl font-bold text-ink">{formatUsd(tier.monthlyCents)}/month</p>
      <p className="text-sm text-ink-muted">
        or {formatUsd(tier.annualCents)}/year
        {tier.annualSavingPercent > 0 && <span className="ml-1 font-semibold text-honey-800">(save {tier.annualSavingPercent}%)</span>}
      </p>
      {tier.description && <p className="mt-3 text-sm text-ink-muted">{tier.description}</p>}
      {tier.perks.length > 0 && (
        <ul className="mt-4 flex flex-col gap-1.5 text-sm text-ink">
          {tier.perks.map((perk) => (
            <li key={perk} className="flex gap-2">
              <CheckMark className="mt-0.5 size-4 shrink-0 text-forest-700" />
              {perk}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-5">
        {tier.isFull ? (
          <p className="rounded-full bg-muted px-4 py-2 text-center text-sm font-semibold text-ink-muted">Fully adopted for now</p>
        ) : selected ? (
          <p className="rounded-full bg-forest-800 px-4 py-2 text-center text-sm font-semibold text-cream" aria-current="true">
            Selected
          </p>
        ) : (
          <Link
            to={`?tab=hive&tier=${tier.id}#complete-adoption`}
            preventScrollReset
            className={buttonClasses({ variant: "primary" }, "w-full")}
            aria-label={`Choose ${tier.name}`}
          >
            Choose {tier.name}
          </Link>
        )}
      </div>
    </li>
  );
}

function AdoptionForm({ tier, draft, lastResult }: { tier: PublicTier; draft: AdoptionDraft | null; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The card opens below the tier grid, out of sight on most screens: bring it into view and
    // start the keyboard (and a screen reader) there.
    title.current?.scrollIntoView({ block: "start", behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    title.current?.focus({ preventScroll: true });
  }, []);
  const frequency = draft?.paymentFrequency ?? "monthly";
  const method = draft?.paymentMethod ?? "credit_card";
  const processing = navigation.state === "submitting" && navigation.formData?.get("intent") === "adopt";
  const [form, fields] = useForm({
    id: "complete-adoption",
    lastResult,
    defaultValue: { tierId: tier.id, paymentFrequency: frequency, paymentMethod: method, hiveName: draft?.hiveName ?? "" },
    onValidate: adoptionRequest.validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <SchemaForm
      form={form}
      schema={adoptionRequest}
      issueToast={adoptionIssueToast}
      aria-labelledby="complete-adoption-title"
      className="flex scroll-mt-24 flex-col gap-5 rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-6"
    >
      <h3 id="complete-adoption-title" ref={title} tabIndex={-1} className="scroll-mt-24 text-xl font-bold text-ink outline-none">
        Complete your {tier.name} adoption
      </h3>
      <input type="hidden" name="intent" value="adopt" />
      <input type="hidden" name="tierId" value={tier.id} />
      <FormError errors={form.errors} id={form.errorId} />

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-ink">Payment frequency</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <Choice name="paymentFrequency" value="monthly" defaultChecked={frequency === "monthly"} label={`Monthly · ${formatUsd(tier.monthlyCents)}/month`} />
          <Choice
            name="paymentFrequency"
            value="annual"
            defaultChecked={frequency === "annual"}
            label={`Annual · ${formatUsd(tier.annualCents)}/year${tier.annualSavingPercent > 0 ? ` (save ${tier.annualSavingPercent}%)` : ""}`}
          />
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-ink">Payment method</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {PAYMENT_METHODS.map((option) => (
            <Choice key={option} name="paymentMethod" value={option} defaultChecked={option === method} label={PAYMENT_METHOD_LABELS[option]} />
          ))}
        </div>
      </fieldset>

      <TextField field={fields.hiveName} label="Hive name" optional maxLength={60} hint="Give your hive a name; we'll use it in your hive updates." />
      <p className="text-sm text-ink-muted">This is a request: we'll e-mail you to arrange payment. Nothing is charged now.</p>
      <Button type="submit" size="lg" disabled={processing}>
        {processing ? "Sending request…" : "Complete Adoption"}
      </Button>
    </SchemaForm>
  );
}

function Choice({ name, value, label, defaultChecked }: { name: string; value: string; label: string; defaultChecked?: boolean }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-border px-3.5 py-2 text-ink has-[:checked]:border-forest-700 has-[:checked]:bg-forest-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-forest-700">
      <input type="radio" name={name} value={value} defaultChecked={defaultChecked} className="size-4 accent-forest-700" />
      <span className="text-sm font-medium">{label}</span>
    </label>
  );
}
