import { BookingWidget } from "~/features/bookings/booking-widget";
import { listBookableLocations } from "~/features/bookings/availability.server";
import { platformContext } from "~/platform/request-context";
import type { Route } from "./+types/stanwood";

export const meta: Route.MetaFunction = () => [{ title: "Stanwood | Apiary" }];

export async function loader({ context }: Route.LoaderArgs) {
  const locations = await listBookableLocations(context.get(platformContext).db);
  return { locations, stanwoodId: locations.find((l) => l.name === "Stanwood")?.id };
}

// Placeholder page around the booking widget until the public-site work lands.
export default function Stanwood({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mx-auto max-w-6xl px-4 py-16 text-3xl font-bold text-ink">Stanwood</h1>
      <BookingWidget locations={loaderData.locations} defaultLocationId={loaderData.stanwoodId} />
    </>
  );
}
