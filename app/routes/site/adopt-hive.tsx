import type { Route } from "./+types/adopt-hive";

export const meta: Route.MetaFunction = () => [{ title: "Adopt a Hive | Apiary" }];

// Placeholder: built by the public-site or stays work.
export default function AdoptHive() {
  return <h1 className="mx-auto max-w-6xl px-4 py-16 text-3xl font-bold text-ink">Adopt a Hive</h1>;
}
