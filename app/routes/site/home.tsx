import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Save the Bees, Earn Crypto | Apiary" }];

// Placeholder: built by the public-site or stays work.
export default function Home() {
  return <h1 className="mx-auto max-w-6xl px-4 py-16 text-3xl font-bold text-ink">Save the Bees, Earn Crypto</h1>;
}
