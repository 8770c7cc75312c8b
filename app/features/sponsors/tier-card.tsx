import { CalendarHeart, Home, LifeBuoy } from "lucide-react";
import { formatUsd } from "~/ui/format";
import { ButtonLink } from "~/ui/primitives/button";
import { ProfileCard } from "./profile-card";
import type { SponsorTier } from "./sponsor-profile.server";

/**
 * The sponsor's hive tier with its annual price and the day they joined; while their first
 * adoption request waits for the team, that request; else an invitation to choose one.
 */
export function TierCard({ tier, pendingTier, memberSince }: { tier: SponsorTier | null; pendingTier: string | null; memberSince: string }) {
  return (
    <ProfileCard id="tier-title" title="Current Tier">
      {tier ? (
        <div className="mt-4 flex flex-col gap-3">
          <p className="text-2xl font-bold text-forest-800">{tier.name}</p>
          {tier.description && <p className="text-ink-muted">{tier.description}</p>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-ink-muted">Price</dt>
            <dd className="font-semibold text-ink">{formatUsd(tier.annualPriceCents)}/year</dd>
            <dt className="text-ink-muted">Member since</dt>
            <dd className="text-ink">{memberSince}</dd>
          </dl>
        </div>
      ) : pendingTier ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          <p className="text-2xl font-bold text-forest-800">{pendingTier} — request pending</p>
          <p className="text-ink-muted">We have your adoption request and will e-mail you as soon as it is active.</p>
          <ButtonLink to="/sponsor-profile?tab=adoptions" variant="outline">
            See My Adoptions
          </ButtonLink>
        </div>
      ) : (
        <div className="mt-4 flex flex-col items-start gap-4">
          <p className="text-ink-muted">No tier selected</p>
          <ButtonLink to="/adopt-hive-signup">Choose a Tier</ButtonLink>
        </div>
      )}
    </ProfileCard>
  );
}

export function QuickActions() {
  return (
    <ProfileCard id="quick-actions-title" title="Quick Actions">
      <div className="mt-4 flex flex-col gap-3">
        <ButtonLink to="/adopt-hive-signup" variant="secondary" className="justify-start">
          <CalendarHeart aria-hidden="true" />
          Book or Adopt
        </ButtonLink>
        <ButtonLink to="/contact" variant="outline" className="justify-start">
          <LifeBuoy aria-hidden="true" />
          Contact Support
        </ButtonLink>
        <ButtonLink to="/" variant="outline" className="justify-start">
          <Home aria-hidden="true" />
          View Homepage
        </ButtonLink>
      </div>
    </ProfileCard>
  );
}
