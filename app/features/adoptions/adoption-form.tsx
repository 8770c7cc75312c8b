import { useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import type { PublicTier } from "~/features/catalog/active-tiers.server";
import { formatUsd } from "~/platform/money";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { TextField } from "~/ui/forms/text-field";
import { Button } from "~/ui/primitives/button";
import { clientSchema } from "~/ui/forms/client-schema";
import { adoptionIssueToast } from "./adoption-messages";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "./adoption-options";
import type { AdoptionDraft } from "./adoption.schema";
import { useSending } from "~/ui/forms/use-sending";

const adoptionRequest = clientSchema(() => import("./adoption.schema").then((m) => m.AdoptionRequestSchema));

/** The completion card of the chosen tier (signed in): frequency, method and the hive's name. */
export function AdoptionForm({ tier, draft, lastResult }: { tier: PublicTier; draft: AdoptionDraft | null; lastResult?: SubmissionResult<string[]> }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The card opens below the tier grid, out of sight on most screens: bring it into view and
    // start the keyboard (and a screen reader) there.
    title.current?.scrollIntoView({ block: "start", behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    title.current?.focus({ preventScroll: true });
  }, []);
  const frequency = draft?.paymentFrequency ?? "monthly";
  const method = draft?.paymentMethod ?? "credit_card";
  const processing = useSending("adopt");
  const [form, fields] = useForm({
    id: "complete-adoption",
    lastResult,
    defaultValue: { tierId: tier.id, paymentFrequency: frequency, paymentMethod: method, hiveName: draft?.hiveName ?? "" },
    onValidate: adoptionRequest.validate,
    ...checkedOnSubmit,
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
