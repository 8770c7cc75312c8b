import { Bike, Caravan, Flame, Footprints, Hexagon, Mountain, Sailboat, Trees, Utensils, Waves, Wifi } from "lucide-react";
import { BookingWidget } from "~/features/bookings/booking-widget";
import { authStateContext } from "~/features/accounts/actor";
import { listBookableLocations, listStaysAtAGlance } from "~/features/bookings/availability.server";
import { StayFacts } from "~/features/bookings/stay-facts";
import { loadFailures } from "~/platform/errors/load-failures.server";
import { platformContext } from "~/platform/request-context";
import { ArtImage } from "~/ui/art/art-image";
import { GALLERY_SIZE, GALLERY_WIDTHS, STANWOOD_GALLERY, galleryImagePath } from "~/ui/art/stanwood-gallery";
import { CheckList, FeatureGrid, Section, SectionHeading } from "~/ui/marketing/section";
import { ButtonLink } from "~/ui/primitives/button";
import { JsonLd } from "~/ui/seo/json-ld";
import { pageMeta } from "~/ui/seo/page-meta";
import type { PageHandle } from "~/platform/page-handle";
import type { Route } from "./+types/stanwood";

/** Only the booking widget at the bottom is interactive: React takes over as it comes into view. */
export const handle: PageHandle = { hydrate: "deferred", publicCache: true };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    title: "Stanwood Eco-Stays",
    description:
      "Stay in our RV trailer on a 5.6-acre lake property in Stanwood, WA, with 17 beehives, lake access, paddle boarding, hiking and beekeeping tours.",
    image: galleryImagePath("lake-at-dusk", 960, "png"),
    imageAlt: STANWOOD_GALLERY[0]!.alt,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env, logger } = context.get(platformContext);
  const { actor } = context.get(authStateContext);
  const failures = loadFailures(logger);
  const locations = await failures.load("Error loading locations", [], () => listBookableLocations(db));
  const stanwood = locations.find((location) => location.name === "Stanwood");
  const stays = stanwood ? await failures.load("Error loading availability", [], () => listStaysAtAGlance(db, stanwood.id)) : [];
  // A signed-in customer's own name fills the widget's Name (never one made up from the e-mail).
  const guestName = actor.kind === "customer" ? actor.name : "";
  return { locations, defaultLocationId: stanwood?.id, stays, guestName, failure: failures.first(), siteUrl: env.APP_URL };
}

const HIGHLIGHTS = ["5.6 acres", "17 beehives", "One RV trailer", "Lake access", "Hiking", "Paddle boarding", "Beekeeping tours"];

const AMENITIES = ["RV trailer", "Lake access", "Paddle boarding", "Hiking trails", "Beekeeping tours", "Honey tasting", "Fire pit", "Free parking"];

const FEATURES = [
  { icon: <Caravan />, title: "A trailer by the water", text: "Our one RV trailer sleeps up to four, with a proper bed, a small kitchen and a view of the lake from the door." },
  { icon: <Hexagon />, title: "Live next to the hives", text: "Seventeen colonies hum in the meadow a short walk away. Watch them forage from a safe distance any time of day." },
  { icon: <Flame />, title: "Evenings by the fire", text: "A fire pit under the firs, string lights, and the sunset over the water. Firewood is on us." },
  { icon: <Wifi />, title: "Quiet, not cut off", text: "There is Wi-Fi if you need it, and enough silence that you probably won't." },
];

const ACTIVITIES = [
  { icon: <Sailboat />, title: "Paddle boarding", text: "Boards and life vests are waiting at the dock. Mornings are glassy and calm." },
  { icon: <Footprints />, title: "Hiking trails", text: "Walk the loop through the firs and the meadow, or head further out to the lookout." },
  { icon: <Hexagon />, title: "Beekeeping tours", text: "Suit up with a beekeeper, open a hive and hold a frame of brood and honey." },
  { icon: <Utensils />, title: "Honey tasting", text: "Taste honey from our own hives through the season: spring blossom to late summer blackberry." },
  { icon: <Waves />, title: "Lake swimming", text: "In summer the lake warms up nicely; the shallow shore suits children too." },
  { icon: <Bike />, title: "Country roads", text: "Quiet roads through farmland and along the Stillaguamish for cycling and birdwatching." },
];

function lodgingBusiness(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "LodgingBusiness",
    name: "Apiary Stanwood Eco-Stays",
    url: `${siteUrl}/stanwood`,
    image: STANWOOD_GALLERY.map((image) => `${siteUrl}${galleryImagePath(image.slug, 960, "png")}`),
    description: "An RV glamping stay on a 5.6-acre lake property with 17 beehives, lake access, hiking, paddle boarding and beekeeping tours.",
    address: { "@type": "PostalAddress", addressLocality: "Stanwood", addressRegion: "WA", addressCountry: "US" },
    amenityFeature: AMENITIES.map((name) => ({ "@type": "LocationFeatureSpecification", name, value: true })),
    petsAllowed: false,
    parentOrganization: { "@type": "Organization", name: "Apiary", url: `${siteUrl}/` },
  };
}

/** The Stanwood property, with the booking widget at the end. */
export default function Stanwood({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={lodgingBusiness(loaderData.siteUrl)} />
      <section aria-labelledby="hero-title" className="surface-dark relative overflow-hidden">
        <ArtImage name="lake-dusk" eager fetchPriority="high" cover />
        <div className="absolute inset-0 bg-forest-950/80 lg:bg-transparent lg:bg-linear-to-r lg:from-forest-950/90 lg:via-forest-950/75 lg:to-forest-950/10" />
        <div className="relative mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-honey-300 uppercase">Stanwood, Washington</p>
          <h1 id="hero-title" className="mt-3 max-w-2xl text-4xl font-bold tracking-tight text-cream sm:text-6xl">
            Sleep by the lake, wake with the bees
          </h1>
          <p className="mt-5 max-w-xl text-lg text-forest-100">
            Our eco-stay is one RV trailer on 5.6 acres of lakeside land, shared with 17 beehives, tall firs and a dock for the
            paddle boards. Every night you stay helps keep the colonies healthy.
          </p>
          {loaderData.stays.length > 0 && <StayFacts stays={loaderData.stays} />}
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="#reserve" size="lg">
              Reserve your dates
            </ButtonLink>
          </div>
        </div>
      </section>

      <Section id="gallery" tone="white">
        <SectionHeading id="gallery" eyebrow="Around the property" title="Gallery" />
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="gallery">
          {STANWOOD_GALLERY.map((image, index) => (
            <li key={image.slug} className={index === 0 ? "sm:col-span-2 lg:row-span-2" : undefined}>
              <figure className="h-full overflow-hidden rounded-2xl border border-border bg-cream shadow-card">
                <picture>
                  <source
                    type="image/webp"
                    srcSet={GALLERY_WIDTHS.map((w) => `${galleryImagePath(image.slug, w, "webp")} ${w}w`).join(", ")}
                    sizes={index === 0 ? "(min-width: 1024px) 44rem, (min-width: 640px) 90vw, 100vw" : "(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw"}
                  />
                  <img
                    src={galleryImagePath(image.slug, 960, "png")}
                    srcSet={GALLERY_WIDTHS.map((w) => `${galleryImagePath(image.slug, w, "png")} ${w}w`).join(", ")}
                    sizes={index === 0 ? "(min-width: 1024px) 44rem, (min-width: 640px) 90vw, 100vw" : "(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw"}
                    alt={image.alt}
                    width={GALLERY_SIZE.width}
                    height={GALLERY_SIZE.height}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[3/2] h-auto w-full object-cover"
                  />
                </picture>
                <figcaption className="px-4 py-3 text-sm text-ink-muted">{image.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="features">
        <SectionHeading id="features" eyebrow="The stay" title="What Makes It Special" />
        <FeatureGrid cards={FEATURES} className="sm:grid-cols-2" />
      </Section>

      <Section id="activities" tone="white">
        <SectionHeading id="activities" eyebrow="Things to do" title="Outdoor Activities" />
        <FeatureGrid cards={ACTIVITIES} className="sm:grid-cols-2 lg:grid-cols-3" />
      </Section>

      <Section id="highlights" tone="honey">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <SectionHeading id="highlights" eyebrow="At a glance" title="Property Highlights" />
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/adopt-hive" size="lg">
                Adopt a Hive
              </ButtonLink>
              <ButtonLink to="/contact" variant="secondary" size="lg">
                Contact Us
              </ButtonLink>
            </div>
          </div>
          <div className="rounded-2xl bg-surface p-6 shadow-card">
            <dl className="grid grid-cols-2 gap-4 border-b border-border pb-5" data-testid="property-figures">
              <div>
                <dt className="text-sm text-ink-muted">Land</dt>
                <dd className="font-display text-3xl font-bold text-ink">5.6 acres</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Beehives</dt>
                <dd className="font-display text-3xl font-bold text-ink">17 beehives</dd>
              </div>
            </dl>
            <CheckList items={HIGHLIGHTS.slice(2)} className="mt-5 text-ink" />
            <p className="mt-5 flex items-center gap-2 text-sm text-ink-muted">
              <Trees aria-hidden="true" className="size-4 text-forest-700" />
              <Mountain aria-hidden="true" className="size-4 text-forest-700" />
              About an hour north of Seattle, off I-5.
            </p>
          </div>
        </div>
      </Section>

      <BookingWidget locations={loaderData.locations} defaultLocationId={loaderData.defaultLocationId} guestName={loaderData.guestName} failure={loaderData.failure} />
    </>
  );
}
