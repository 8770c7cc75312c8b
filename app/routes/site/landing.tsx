import { listLocationsWithAvailability } from "~/features/catalog/locations.server";
import { platformContext } from "~/platform/request-context";
import { ButtonLink } from "~/ui/primitives/button";
import type { Route } from "./+types/landing";

export const meta: Route.MetaFunction = () => [
  { title: "Apiary | Save the bees, one hive at a time" },
  {
    name: "description",
    content: "Adopt a hive, stay at our lakeside apiary in Stanwood, WA, and help build habitat for honey bees.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(platformContext);
  return { locations: await listLocationsWithAvailability(db) };
}

/** The landing page; its full content (landing A) comes with the public-site work. */
export default function Landing({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <section aria-labelledby="hero-title" className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-ink-muted">Bee conservation · Stanwood, WA</p>
        <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-ink sm:text-5xl">
          Save the bees, one hive at a time
        </h1>
        <p className="mt-5 text-lg text-ink-muted">
          We keep 17 hives on a 5.6-acre lake property in Stanwood, Washington. Sponsors adopt hives, guests stay in
          our lakeside RV, and every dollar goes to healthy colonies and new habitat.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/adopt-hive-signup" size="lg">
            Adopt a Hive
          </ButtonLink>
          <ButtonLink to="/stanwood" variant="secondary" size="lg">
            Book Now
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="locations-title" className="mt-20">
        <h2 id="locations-title" className="text-2xl font-bold text-ink">
          Where we are
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {loaderData.locations.map((location) => (
            <li key={location.id} className="rounded-2xl border border-border bg-surface p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-ink">{location.name}</h3>
              <p className="mt-1 text-sm text-ink-muted">{location.address}</p>
              <p className="mt-4 text-sm font-medium text-ink">
                {location.availableAssets > 0 ? "Available to book" : "Coming Soon"}
              </p>
              <ul className="mt-3 flex flex-wrap gap-2">
                {location.amenities.slice(0, 4).map((amenity) => (
                  <li key={amenity} className="rounded-full bg-honey-100 px-3 py-1 text-xs font-medium text-ink">
                    {amenity}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
