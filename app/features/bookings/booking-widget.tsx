export type BookingWidgetProps = {
  /** Locations with at least one available asset (listBookableLocations). */
  locations: { id: string; name: string }[];
  /** The location chosen first (Stanwood on its own page). */
  defaultLocationId?: string;
};

/** Reserve Your Dates: placeholder until the stays work lands. */
export function BookingWidget(_props: BookingWidgetProps) {
  return (
    <section id="reserve" aria-labelledby="reserve-title" className="mx-auto max-w-3xl px-4 py-16">
      <h2 id="reserve-title" className="text-3xl font-bold text-ink">
        Reserve Your Dates
      </h2>
    </section>
  );
}
