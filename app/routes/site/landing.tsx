import { CalendarHeart, Coins, Flower2, GraduationCap, Hexagon, HeartHandshake, Leaf, Mountain, ShieldCheck, Sprout, Users } from "lucide-react";
import { Link } from "react-router";
import { platformContext } from "~/platform/request-context";
import { HoneycombPattern } from "~/ui/art/honeycomb";
import { ArtImage, type ArtName } from "~/ui/art/art-image";
import { CheckList, FeatureGrid, Section, SectionHeading } from "~/ui/marketing/section";
import { Button, ButtonLink } from "~/ui/primitives/button";
import { JsonLd } from "~/ui/seo/json-ld";
import { pageMeta } from "~/ui/seo/page-meta";
import type { PageHandle } from "~/platform/page-handle";
import type { Route } from "./+types/landing";

/** Nothing here needs React in the browser: served as HTML and CSS (see PageHandle). */
export const handle: PageHandle = { hydrate: false, publicCache: true };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    title: "Apiary | Save the bees, one hive at a time",
    description:
      "Adopt a hive, stay in our lakeside RV in Stanwood, WA, and help us grow from 17 hives on 5.6 acres to 240 acres in Arlington and 500 acres in Eastern Washington.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(platformContext);
  return { tokenSwapUrl: env.TOKEN_SWAP_URL, siteUrl: env.APP_URL };
}

const MISSION = [
  {
    icon: <ShieldCheck />,
    title: "Protect pollinators",
    text: "Honey bees and their wild cousins pollinate a third of what we eat. We keep colonies healthy with careful, treatment-light beekeeping and regular hive checks.",
  },
  {
    icon: <Sprout />,
    title: "Restore habitat",
    text: "Every site we open gives land back to forage: native wildflowers, clover and hedgerows that feed bees from early spring to the last asters of autumn.",
  },
  {
    icon: <Users />,
    title: "Grow a community",
    text: "Sponsors, guests and token holders fund the work together, and they see exactly where it goes, down to the hive they adopted.",
  },
];

const WHAT_WE_DO = [
  { icon: <Hexagon />, title: "Hive sponsorship", text: "Adopt a hive at one of four tiers, from Forager to Colony Partner, and follow it through the season." },
  { icon: <CalendarHeart />, title: "Eco-stays", text: "Sleep in our RV trailer by the lake, wake to the hum of the hive yard and help fund it by staying." },
  { icon: <GraduationCap />, title: "Beekeeping tours", text: "Suit up with our beekeepers, open a hive and learn how a colony lives, works and makes honey." },
  { icon: <Flower2 />, title: "Habitat restoration", text: "We seed native forage and leave wild corners wild, so bees of every kind find food and shelter." },
  { icon: <HeartHandshake />, title: "Community events", text: "Harvest days, honey tastings and workshops bring sponsors and neighbours to the hives." },
  { icon: <Coins />, title: "Token rewards", text: "Our token on Solana turns support into membership: rewards, perks and a say in where we grow next." },
];

const ACTIVE = ["17 active beehives", "RV glamping by the lake", "Beekeeping tours", "Paddle boarding and hiking trails"];
const PILOT = ["Honey tasting from our own hives", "Native wildflower plots", "Hive health reports for sponsors", "Token rewards for members"];

const TEAM = [
  {
    role: "Founder & Lead Beekeeper",
    text: "Keeps the colonies strong through the wet Puget Sound winters and leads every hive inspection and tour.",
  },
  {
    role: "Land & Habitat Manager",
    text: "Plans the forage, looks after the Stanwood property and is preparing the ground for Arlington.",
  },
  {
    role: "Community & Token Lead",
    text: "Looks after sponsors and guests, runs our events and keeps the token's rewards honest and clear.",
  },
];

const organization = (siteUrl: string) => ({
  "@context": "https://schema.org",
  "@type": "Organization",
  name: "Apiary",
  url: `${siteUrl}/`,
  logo: `${siteUrl}/favicon.svg`,
  image: `${siteUrl}/og-card.png`,
  description:
    "A bee-conservation organisation in Washington State: hive sponsorships, eco-stays and habitat restoration, supported by a community token on Solana.",
  address: { "@type": "PostalAddress", addressLocality: "Stanwood", addressRegion: "WA", addressCountry: "US" },
  sameAs: ["https://www.facebook.com/", "https://x.com/", "https://www.youtube.com/"],
});

/** Landing A: the long one-page story of the organisation. */
export default function Landing({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={organization(loaderData.siteUrl)} />
      <Hero tokenSwapUrl={loaderData.tokenSwapUrl} />

      <Section id="mission" tone="white">
        <SectionHeading id="mission" eyebrow="Why we exist" title="Our Mission">
          <p>Bees are in trouble: lost forage, pests and hard winters take colonies every year. We answer with real hives, real land and a community that pays for both.</p>
        </SectionHeading>
        <FeatureGrid cards={MISSION} className="md:grid-cols-3" />
      </Section>

      <Section id="what-we-do">
        <SectionHeading id="what-we-do" eyebrow="Programmes" title="What We Do" />
        <FeatureGrid cards={WHAT_WE_DO} className="sm:grid-cols-2 lg:grid-cols-3" />
      </Section>

      <Section id="where-we-are" tone="white">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <SectionHeading id="where-we-are" eyebrow="Stanwood, Washington" title="Where We Are Now">
              <p>
                Our first home is a lake property in Stanwood: a <strong className="text-ink">5 Acres pilot operation</strong> where we
                test everything before we grow — the hives, the stays and the way sponsors follow their colonies.
              </p>
            </SectionHeading>
            <div className="mt-8 grid gap-6 sm:grid-cols-2">
              <div>
                <h3 className="text-lg font-bold text-ink">Active</h3>
                <CheckList items={ACTIVE} className="mt-3 text-ink-muted" />
              </div>
              <div>
                <h3 className="text-lg font-bold text-ink">Pilot</h3>
                <CheckList items={PILOT} className="mt-3 text-ink-muted" />
              </div>
            </div>
          </div>
          <div className="overflow-hidden rounded-3xl shadow-card">
            <ArtImage name="lake-dusk" />
          </div>
        </div>
      </Section>

      <BookYourExperience />

      <Section id="team" tone="white">
        <SectionHeading id="team" eyebrow="The people behind the hives" title="Meet Our Team">
          <p>A small crew of beekeepers, land stewards and organisers. Introductions with names and faces are coming soon.</p>
        </SectionHeading>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {TEAM.map((member) => (
            <li key={member.role} className="rounded-2xl border border-border bg-cream p-6 text-center shadow-card">
              <span className="mx-auto flex size-20 items-center justify-center rounded-full bg-honey-200 text-honey-900" aria-hidden="true">
                <Leaf className="size-9" />
              </span>
              <h3 className="mt-4 text-xl font-bold text-ink">{member.role}</h3>
              <p className="mt-2 text-ink-muted">{member.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Roadmap />

      <Section id="token" tone="dark" backdrop={<HoneycombPattern className="absolute inset-0" color="#f7cd72" opacity={0.08} />}>
        <SectionHeading id="token" eyebrow="On Solana" title="How the Token Works" dark>
          <p>Our token is how the community holds together. It is useful in three ways:</p>
        </SectionHeading>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {[
            { title: "Medium of exchange", text: "Pay for stays, tours and honey across our sites, and trade it freely with other members." },
            { title: "Rewards", text: "Sponsors and active members earn tokens every month for supporting hives and taking part." },
            { title: "Proof-of-impact", text: "Each sponsorship and stay is tied to real hives and acres, so anyone can see the good the community has done." },
          ].map((item) => (
            <li key={item.title} className="rounded-2xl border border-forest-700 bg-forest-800 p-6">
              <h3 className="text-xl font-bold text-honey-300">{item.title}</h3>
              <p className="mt-2 text-forest-100">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="join" tone="honey" className="text-center">
        <SectionHeading id="join" title="Adopt a hive this season" center>
          <p>Choose a tier, name your hive and follow it from the first spring flight to the autumn harvest.</p>
        </SectionHeading>
        <ButtonLink to="/adopt-hive" size="lg" className="mt-8">
          Explore hive adoption
        </ButtonLink>
      </Section>
    </>
  );
}

function Hero({ tokenSwapUrl }: { tokenSwapUrl: string }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-honey-50">
      <HoneycombPattern className="absolute inset-0" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:px-8">
        <div>
          <a
            href={tokenSwapUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="token-badge"
            className="inline-flex items-center gap-2 rounded-full border border-honey-600 bg-surface px-4 py-1.5 text-sm font-semibold text-honey-900 transition-colors hover:bg-honey-100"
          >
            <Coins aria-hidden="true" className="size-4" />
            Our token is live on Solana — swap now
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-ink sm:text-5xl lg:text-6xl">
            Save the bees, one hive at a time
          </h1>
          <p className="mt-5 max-w-xl text-lg text-ink-muted">
            We keep 17 hives on a 5.6-acre lake property in Stanwood, Washington. Sponsors adopt hives, guests stay in our
            lakeside RV, and every dollar goes to healthy colonies and new habitat.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/adopt-hive-signup" size="lg">
              Adopt a Hive
            </ButtonLink>
            <ButtonLink to="/stanwood" variant="secondary" size="lg">
              Book Now
            </ButtonLink>
          </div>
        </div>
        <div className="overflow-hidden rounded-3xl border-4 border-surface shadow-card">
          <ArtImage name="hive-meadow" eager fetchPriority="high" />
        </div>
      </div>
    </section>
  );
}

function BookYourExperience() {
  return (
    <Section id="book">
      <SectionHeading id="book" eyebrow="Stays and tours" title="Book Your Experience">
        <p>Come and meet the bees. Stanwood is open for bookings; our next two sites are on their way.</p>
      </SectionHeading>
      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        <li data-testid="experience-stanwood" className="flex flex-col rounded-2xl border-2 border-forest-700 bg-surface p-6 shadow-card">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-2xl font-bold text-ink">Stanwood, WA</h3>
            <span className="rounded-full bg-forest-700 px-3 py-1 text-sm font-semibold text-cream">Available</span>
          </div>
          <p className="mt-2 text-ink-muted">
            <strong className="text-ink">5.6 acres</strong> on the lake · <strong className="text-ink">17 active beehives</strong>
          </p>
          <CheckList items={["RV Glamping", "Beekeeping Tours", "Paddle Boarding", "Hiking Trails", "Honey Tasting"]} className="mt-4 mb-6 text-ink" />
          <ButtonLink to="/stanwood" className="mt-auto self-start">
            Book Stanwood
          </ButtonLink>
        </li>
        {[
          { id: "arlington", name: "Arlington, WA", text: "240 acres of farmland by the river: room for many more hives, meadows and stays.", why: "Opening next: its date will be on our blog first." },
          { id: "eastern", name: "Eastern Washington", text: "500 acres of rolling hills where we plan our largest sanctuary yet.", why: "Planned for later: members vote on when it comes." },
        ].map((site) => (
          <li key={site.name} className="flex flex-col rounded-2xl border border-border bg-surface p-6 shadow-card">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-2xl font-bold text-ink">{site.name}</h3>
              <span className="rounded-full bg-honey-100 px-3 py-1 text-sm font-semibold text-honey-900">Coming Soon</span>
            </div>
            <p className="mt-2 mb-6 text-ink-muted">{site.text}</p>
            {/* Not open for sign-ups yet: the button says why rather than doing nothing. */}
            <div className="mt-auto flex flex-col items-start gap-2">
              <Button variant="outline" disabled aria-describedby={`notify-${site.id}`}>
                Notify Me
              </Button>
              <p id={`notify-${site.id}`} className="text-sm text-ink-muted">
                {site.why}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Roadmap() {
  const steps: { when: string; place: string; size: string; text: string; art: ArtName }[] = [
    { when: "Now", place: "Stanwood, WA", size: "5.6 acres", text: "Our pilot: 17 hives, the RV stay and tours by the lake.", art: "lake-dusk" },
    { when: "Next", place: "Arlington, WA", size: "240 acres", text: "Our next site: farmland by the river turned into meadows, hive yards and stays.", art: "arlington" },
    { when: "Long-term", place: "Eastern Washington", size: "500 acres", text: "A sanctuary in the rolling hills: forage for thousands of colonies, wild bees included.", art: "eastern-hills" },
  ];
  return (
    <Section id="roadmap">
      <SectionHeading id="roadmap" eyebrow="Where we are going" title="Roadmap">
        <p>Each step is funded by sponsors, guests and token holders. Members vote on the locations that follow.</p>
      </SectionHeading>
      <ol className="mt-10 grid gap-6 lg:grid-cols-3">
        {steps.map(({ when, place, size, text, art }) => (
          <li key={place} className="overflow-hidden rounded-2xl border border-border bg-surface shadow-card">
            <ArtImage name={art} />
            <div className="p-6">
              <p className="text-sm font-semibold tracking-wider text-honey-800 uppercase">{when}</p>
              <h3 className="mt-1 text-xl font-bold text-ink">
                {place} <span className="text-ink-muted">· {size}</span>
              </h3>
              <p className="mt-2 text-ink-muted">{text}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-8 flex items-center gap-2 text-ink-muted">
        <Mountain aria-hidden="true" className="size-5 text-forest-700" />
        <span>
          Want to help choose? <Link to="/adopt-hive">Sponsors vote on future locations.</Link>
        </span>
      </p>
    </Section>
  );
}
