import type { SubmissionResult } from "@conform-to/react";
import { lazy } from "react";
import { Link } from "react-router";
import type { PublicTier } from "~/features/catalog/active-tiers.server";
import { formatUsd } from "~/platform/money";
import type { Toast } from "~/platform/toast";
import { LoadFailureNotice } from "~/ui/errors/load-failure-notice";
import { CheckMark } from "~/ui/primitives/check-mark";
import { buttonClasses } from "~/ui/primitives/button";
import { cn } from "~/ui/primitives/cn";
import type { AdoptionDraft } from "./adoption.schema";

/**
 * The completion card (and the form library under it) is fetched when a tier is about to be
 * chosen (its Choose link pointed at, focused or touched), else when it is followed: the tier
 * grid, what the portal opens on, has no form. It suspends to the portal's boundary, so the grid
 * stays until the card is here; opened by its address (?tier=…), the server's form stands until then.
 */
const loadAdoptionForm = () => import("./adoption-form");
const AdoptionForm = lazy(() => loadAdoptionForm().then((module) => ({ default: module.AdoptionForm })));
const fetchFormEarly = { onPointerEnter: () => void loadAdoptionForm(), onFocus: () => void loadAdoptionForm(), onTouchStart: () => void loadAdoptionForm() };

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
            {...fetchFormEarly}
          >
            Choose {tier.name}
          </Link>
        )}
      </div>
    </li>
  );
}
