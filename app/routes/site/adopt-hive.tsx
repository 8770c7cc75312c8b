import { Building2, Camera, Gift, HandHeart, Hexagon, Leaf, Mail, Megaphone, Users } from "lucide-react";
import { Link } from "react-router";
import { activeTiersForEveryPage, type PublicTier } from "~/features/catalog/active-tiers.server";
import { loadFailures } from "~/platform/errors/load-failures.server";
import { platformContext } from "~/platform/request-context";
import { LoadFailureNotice } from "~/ui/errors/load-failure-notice";
import { HoneycombPattern } from "~/ui/art/honeycomb";
import { ArtImage } from "~/ui/art/art-image";
import { formatUsd } from "~/ui/format";
import { CheckList, FeatureGrid, NumberedSteps, Section, SectionHeading } from "~/ui/marketing/section";
import { ButtonLink } from "~/ui/primitives/button";
import { pageMeta } from "~/ui/seo/page-meta";
import type { PageHandle } from "~/platform/page-handle";
import type { Route } from "./+types/adopt-hive";

/** Nothing here needs React in the browser: served as HTML and CSS (see PageHandle). */
export const handle: PageHandle = { hydrate: false, publicCache: true };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    title: "Adopt a Hive",
    description:
      "Sponsor a real beehive in Stanwood, WA: four tiers from Forager to Colony Partner, monthly or yearly (save 8%), with hive updates, honey shares and visits.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const platform = context.get(platformContext);
  const failures = loadFailures(platform.logger);
  const tiers = await failures.load("Error loading tiers", [], () => activeTiersForEveryPage(platform));
  return { tiers, failure: failures.first() };
}

const WHY = [
  { icon: <Leaf />, title: "Keep a colony alive", text: "A hive costs money all year: boxes, frames, winter feed, mite checks and a beekeeper's time. Your sponsorship covers it." },
  { icon: <HandHeart />, title: "Plant what bees need", text: "Part of every sponsorship seeds native forage around our hives, feeding wild bees as well as ours." },
  { icon: <Camera />, title: "Watch it thrive", text: "Follow your hive through the season with inspection notes, photos and the harvest report." },
];

const STEPS = [
  { title: "Pick a tier", text: "Compare the four tiers below and choose the one that fits." },
  { title: "Create your account", text: "Sign up or log in on the sponsor portal; it takes a minute." },
  { title: "Choose how to pay", text: "Monthly, or yearly to save 8%, by card, cash or crypto. Give your hive a name if you like." },
  { title: "Meet your hive", text: "We confirm your adoption, assign your colony and send the first update from the hive yard." },
];

const RECEIVES = [
  "A named hive in our Stanwood hive yard, with its own page in your sponsor profile",
  "Seasonal inspection notes and photos from our beekeepers",
  "A share of the honey harvest on the higher tiers (honey shares are not guaranteed: a hard year means a smaller harvest)",
  "Monthly token rewards and voting rights on future locations",
  "Invitations to harvest days, tastings and workshops",
];

const BUSINESS = [
  { icon: <Building2 />, title: "Company hives", text: "Adopt a hive, or a whole row, in your company's name, with a sign at the hive yard and reports to share with your team." },
  { icon: <Users />, title: "Team days", text: "Bring your team for a beekeeping tour, a honey tasting and a morning on the lake." },
  { icon: <Megaphone />, title: "Impact you can show", text: "Proof-of-impact reports you can use in your sustainability story, backed by real hives and acres." },
];

const FAQ = [
  {
    q: "What happens if my hive fails?",
    a: "Colonies sometimes fail, most often over winter. If yours does, we replace it with another hive or habitat project at the same tier, so your sponsorship keeps working.",
  },
  {
    q: "Is a honey share guaranteed?",
    a: "No. Honey shares are not guaranteed: the bees come first, and we only harvest what a colony can spare. In a poor season the share is smaller, or there is none.",
  },
  {
    q: "What does the Guardian tier include?",
    a: "Guardians get everything a Forager gets plus a day pass to the Stanwood property and 10% off stays and workshops.",
  },
  {
    q: "Can I pay yearly?",
    a: "Yes. Paying yearly saves 8% compared with twelve monthly payments. You choose monthly or annual, and card, cash or crypto, on the sponsor portal.",
  },
  {
    q: "Can I visit my hive?",
    a: "Yes. Sponsors can book a beekeeping tour, and Guardians and above have a day pass included. Suits are provided.",
  },
];

/** The hive adoption information page, with the tiers from the catalogue. */
export default function AdoptHive({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section aria-labelledby="hero-title" className="relative overflow-hidden bg-honey-50">
        <HoneycombPattern className="absolute inset-0" />
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wider text-honey-800 uppercase">Hive sponsorship</p>
            <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-ink sm:text-5xl">
              Adopt a Hive
            </h1>
            <p className="mt-5 max-w-xl text-lg text-ink-muted">
              Sponsor one of the 17 colonies at our lake property in Stanwood, Washington. You keep a hive healthy for a year, we
              keep you posted from the first spring flight to the autumn harvest.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="#tiers" size="lg">
                See the tiers
              </ButtonLink>
              <ButtonLink to="/adopt-hive-signup" variant="secondary" size="lg">
                Start your adoption
              </ButtonLink>
            </div>
          </div>
          <div className="overflow-hidden rounded-3xl border-4 border-surface shadow-card">
            <ArtImage name="honeycomb" eager fetchPriority="high" />
          </div>
        </div>
      </section>

      <Section id="why-adopt" tone="white">
        <SectionHeading id="why-adopt" eyebrow="Why it matters" title="Why Adopt a Hive" />
        <FeatureGrid cards={WHY} className="md:grid-cols-3" />
      </Section>

      <Section id="how-it-works">
        <SectionHeading id="how-it-works" eyebrow="Four steps" title="How It Works" />
        <NumberedSteps steps={STEPS} className="sm:grid-cols-2 lg:grid-cols-4" titleClassName="text-lg" />
      </Section>

      <Section id="tiers" tone="honey">
        <SectionHeading id="tiers" eyebrow="Sponsorship tiers" title="Choose Your Tier">
          <p>Pay monthly, or yearly and save. Every tier funds a real colony and the forage around it.</p>
        </SectionHeading>
        {loaderData.failure ? (
          <div className="mt-8">
            <LoadFailureNotice failure={loaderData.failure} />
          </div>
        ) : loaderData.tiers.length > 0 ? (
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 xl:grid-cols-4" data-testid="tier-grid">
            {loaderData.tiers.map((tier) => (
              <TierCard key={tier.id} tier={tier} />
            ))}
          </ul>
        ) : (
          <p className="mt-8 text-ink-muted">Our tiers are being updated. Please check back soon.</p>
        )}
      </Section>

      <Section id="receive" tone="white">
        <div className="grid gap-10 lg:grid-cols-2">
          <SectionHeading id="receive" eyebrow="For sponsors" title="What Sponsors Receive">
            <p>Whatever tier you choose, your support is visible and personal.</p>
          </SectionHeading>
          <CheckList items={RECEIVES} className="text-ink" />
        </div>
      </Section>

      <Section id="business">
        <SectionHeading id="business" eyebrow="For companies" title="Business Offers">
          <p>
            Bees make a good story for a business that cares about its place. <Link to="/contact">Tell us what you have in mind.</Link>
          </p>
        </SectionHeading>
        <FeatureGrid cards={BUSINESS} className="md:grid-cols-3" />
      </Section>

      <Section id="faq" tone="white">
        <SectionHeading id="faq" eyebrow="Questions" title="Frequently Asked Questions" />
        <div className="mt-10 space-y-4">
          {FAQ.map((item) => (
            <details key={item.q} className="group rounded-2xl border border-border bg-cream p-5 open:bg-surface">
              <summary className="cursor-pointer list-none rounded-sm text-lg font-semibold text-ink marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {item.q}
                  <span aria-hidden="true" className="text-2xl leading-none text-honey-800 transition-transform group-open:rotate-45">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-ink-muted">{item.a}</p>
            </details>
          ))}
        </div>
      </Section>

      <section aria-labelledby="adopt-cta-title" className="surface-dark relative overflow-hidden py-16 text-center sm:py-20">
        <HoneycombPattern className="absolute inset-0" color="#f7cd72" opacity={0.08} />
        <div className="relative mx-auto max-w-3xl px-4">
          <Gift aria-hidden="true" className="mx-auto size-10 text-honey-300" />
          <h2 id="adopt-cta-title" className="mt-4 text-3xl font-bold text-cream sm:text-4xl">
            Ready to adopt your hive?
          </h2>
          <p className="mt-4 text-lg text-forest-100">It takes a few minutes on the sponsor portal. Your colony will thank you all summer.</p>
          <ButtonLink to="/adopt-hive-signup" size="lg" className="mt-8">
            Adopt a Hive Now
          </ButtonLink>
          <p className="mt-6 flex items-center justify-center gap-2 text-sm text-forest-200">
            <Mail aria-hidden="true" className="size-4" /> Questions first?{" "}
            <Link to="/contact" className="font-semibold text-cream underline underline-offset-4">
              Contact us
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}

function TierCard({ tier }: { tier: PublicTier }) {
  const headingId = `tier-${tier.id}`;
  return (
    <li
      data-testid="tier-card"
      className="relative flex flex-col rounded-2xl border border-border bg-surface p-6 shadow-card"
    >
      <Hexagon aria-hidden="true" className="size-8 text-honey-600" />
      <h3 id={headingId} className="mt-3 text-2xl font-bold text-ink">
        {tier.name}
      </h3>
      <p className="mt-2 text-sm text-ink-muted xl:min-h-[5.5rem]">{tier.description}</p>
      <p className="mt-5">
        <span className="font-display text-3xl font-bold text-ink">{`${formatUsd(tier.monthlyCents)}/month`}</span>
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        or <span className="font-semibold text-ink">{`${formatUsd(tier.annualCents)}/year`}</span>
        {tier.annualSavingPercent > 0 && <> (save {tier.annualSavingPercent}%)</>}
      </p>
      {tier.perks.length > 0 && <CheckList items={tier.perks} className="mt-4 mb-6 text-sm text-ink" />}
      {tier.isFull ? (
        <p className="mt-auto rounded-full bg-cream-dark px-4 py-2.5 text-center text-sm font-semibold text-ink" data-testid="tier-full">
          This tier is full
        </p>
      ) : (
        <ButtonLink to={`/adopt-hive-signup?tier=${encodeURIComponent(tier.id)}`} className="mt-auto" aria-label={`Choose ${tier.name}`}>
          Choose
        </ButtonLink>
      )}
    </li>
  );
}
