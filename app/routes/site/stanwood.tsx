import type { Route } from "./+types/stanwood";

export const meta: Route.MetaFunction = () => [{ title: "Stanwood | Apiary" }];

// Placeholder: built by the public-site or stays work.
export default function Stanwood() {
  return <h1 className="mx-auto max-w-6xl px-4 py-16 text-3xl font-bold text-ink">Stanwood</h1>;
}
