import { BellRing, CalendarCheck, Coins, Hexagon, Percent, Sprout, Vote, Wallet } from "lucide-react";
import { Link } from "react-router";
import { featuredImageUrl, listPublishedPosts } from "~/features/content/public-posts.server";
import { platformContext } from "~/platform/request-context";
import { Bee } from "~/ui/art/bee";
import { HoneycombPattern } from "~/ui/art/honeycomb";
import { ArtImage } from "~/ui/art/art-image";
import { formatDate } from "~/ui/format";
import { CheckList, FeatureGrid, NumberedSteps, Section, SectionHeading } from "~/ui/marketing/section";
import { ButtonLink } from "~/ui/primitives/button";
import { pageMeta } from "~/ui/seo/page-meta";
import type { PageHandle } from "~/platform/page-handle";
import type { Route } from "./+types/home";

/** Nothing here needs React in the browser: served as HTML and CSS (see PageHandle). */
export const handle: PageHandle = { hydrate: false, publicCache: true };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    title: "Save the Bees, Earn Crypto",
    description:
      "Adopt a real hive, earn monthly token rewards and help protect over a million bees with a community of 2,000+ members across 3 locations in Washington.",
  });

/** The blog teaser shows at most this many posts (spec: 4). */
const TEASER_POSTS = 4;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = context.get(platformContext);
  const posts = await listPublishedPosts(db, { limit: TEASER_POSTS });
  return {
    posts: posts.map((post) => ({
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      image: featuredImageUrl(storage, post, 640),
      date: post.publishedAt ? formatDate(post.publishedAt) : null,
      isoDate: post.publishedAt?.toISOString() ?? null,
    })),
  };
}

const WHY = [
  { icon: <Sprout />, title: "Real hives, real impact", text: "Your sponsorship pays for a living colony in Stanwood: its boxes, its care and the forage around it." },
  { icon: <Coins />, title: "Rewards that grow with you", text: "Members earn our token every month and spend it on stays, tours and honey." },
  { icon: <Hexagon />, title: "See where it goes", text: "Hive reports, photos and harvest notes show what your support has done, season by season." },
];

const STEPS = [
  { title: "Choose your tier", text: "Forager, Guardian, Steward or Colony Partner: pick the level of support that suits you." },
  { title: "Adopt your hive", text: "Name your hive, pay monthly or yearly (and save 8%), and we assign it a home in the hive yard." },
  { title: "Earn and follow", text: "Get monthly token rewards and updates from your colony, and come visit it any season." },
];

const STATS = [
  { figure: "500+", label: "active hives" },
  { figure: "1M+", label: "bees protected" },
  { figure: "2K+", label: "members" },
  { figure: "3", label: "locations" },
];

const PERKS = [
  { icon: <Wallet />, text: "Monthly token rewards" },
  { icon: <CalendarCheck />, text: "Reserve experiences: stays, tours and tastings" },
  { icon: <BellRing />, text: "Real-time hive updates" },
  { icon: <Vote />, text: "Voting rights on future locations" },
  { icon: <Percent />, text: "Discounts on stays, workshops and honey" },
];

/** Landing B: the short page for people who come for the token and the community. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <>
      <section aria-labelledby="hero-title" className="surface-dark relative overflow-hidden">
        <HoneycombPattern className="absolute inset-0" color="#f7cd72" opacity={0.08} />
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
          <div>
            <p className="flex items-center gap-2 text-sm font-semibold tracking-wider text-honey-300 uppercase">
              <Bee className="size-7" /> Bee-first community on Solana
            </p>
            <h1 id="hero-title" className="mt-4 text-4xl font-bold tracking-tight text-cream sm:text-6xl">
              Save the Bees, Earn Crypto
            </h1>
            <p className="mt-5 max-w-xl text-lg text-forest-100">
              Adopt a real hive at our lakeside apiary, earn token rewards every month, and help us turn 5.6 acres into 740
              more acres of bee habitat across Washington.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/adopt-hive" size="lg">
                Adopt a Hive
              </ButtonLink>
              <Link
                to="/bitcoin-conference"
                className="inline-flex min-h-12 items-center justify-center rounded-full border border-cream/70 px-7 font-semibold text-cream transition-colors hover:bg-forest-800"
              >
                Learn More<span className="sr-only"> about the Bitcoin Conference</span>
              </Link>
            </div>
          </div>
          <div className="overflow-hidden rounded-3xl border-4 border-forest-700 shadow-card">
            <ArtImage name="hive-meadow" eager fetchPriority="high" />
          </div>
        </div>
      </section>

      <Section id="why" tone="white">
        <SectionHeading id="why" eyebrow="Why join" title="Why Sponsor a Hive with Us" />
        <FeatureGrid cards={WHY} className="md:grid-cols-3" />
      </Section>

      <Section id="how">
        <SectionHeading id="how" eyebrow="Getting started" title="Three Steps to Your Own Hive" />
        <NumberedSteps steps={STEPS} className="md:grid-cols-3" titleClassName="text-xl" />
      </Section>

      <Section id="community" tone="honey">
        <SectionHeading id="community" eyebrow="Together" title="Our Community" center />
        <dl className="mt-10 grid grid-cols-2 gap-6 lg:grid-cols-4" data-testid="community-stats">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse rounded-2xl bg-surface p-6 text-center shadow-card">
              <dt className="mt-1 text-ink-muted">{stat.label}</dt>
              <dd className="font-display text-4xl font-bold text-honey-900 sm:text-5xl">{stat.figure}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="perks" tone="white">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <SectionHeading id="perks" eyebrow="Membership" title="What You Get">
            <p>Every sponsor becomes a member of the hive. Here is what that brings:</p>
          </SectionHeading>
          <ul className="space-y-4" data-testid="perks">
            {PERKS.map((perk) => (
              <li key={perk.text} className="flex items-center gap-4 rounded-2xl border border-border bg-cream p-4 font-medium text-ink">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-honey-100 text-honey-800 [&_svg]:size-5" aria-hidden="true">
                  {perk.icon}
                </span>
                {perk.text}
              </li>
            ))}
          </ul>
        </div>
      </Section>

      {posts.length > 0 && (
        <Section id="blog">
          <SectionHeading id="blog" eyebrow="News from the hives" title="Latest from Our Blog" />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="blog-teaser">
            {posts.map((post) => (
              <li key={post.slug}>
                <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-card focus-within:ring-3 focus-within:ring-ring">
                  {post.image && (
                    <img
                      src={post.image}
                      alt={`Featured image for “${post.title}”`}
                      width={640}
                      height={400}
                      loading="lazy"
                      decoding="async"
                      className="aspect-[8/5] w-full object-cover"
                    />
                  )}
                  <div className="flex flex-1 flex-col p-5">
                    {post.date && post.isoDate && (
                      <time dateTime={post.isoDate} className="text-sm text-ink-muted">
                        {post.date}
                      </time>
                    )}
                    <h3 className="mt-1 text-lg font-bold text-ink">
                      <Link to={`/blog/${post.slug}`} className="rounded-sm outline-none after:absolute after:inset-0 hover:underline">
                        {post.title}
                      </Link>
                    </h3>
                    {post.excerpt && <p className="mt-2 text-sm text-ink-muted">{post.excerpt}</p>}
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <p className="mt-8">
            <Link to="/blog" className="font-semibold text-link underline underline-offset-4">
              Read all posts
            </Link>
          </p>
        </Section>
      )}

      <section aria-labelledby="contact-cta-title" className="surface-dark relative overflow-hidden py-16 text-center sm:py-20">
        <HoneycombPattern className="absolute inset-0" color="#f7cd72" opacity={0.08} />
        <div className="relative mx-auto max-w-3xl px-4">
          <h2 id="contact-cta-title" className="text-3xl font-bold text-cream sm:text-4xl">
            Questions about hives, stays or the token?
          </h2>
          <p className="mt-4 text-lg text-forest-100">We read every message and answer within two working days.</p>
          <CheckList
            dark
            items={["Business and team sponsorships", "Group tours and events", "Press and partnerships"]}
            className="mx-auto mt-6 w-fit text-left text-forest-100"
          />
          <ButtonLink to="/contact" size="lg" className="mt-8">
            Contact Us
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
