import type { Route } from "./+types/guest-stay";

export const meta: Route.MetaFunction = () => [{ title: "Your stay | Apiary" }];

// Placeholder: built by the public-site or stays work.
export default function GuestStay() {
  return <h1 className="mx-auto max-w-6xl px-4 py-16 text-3xl font-bold text-ink">Your stay</h1>;
}
