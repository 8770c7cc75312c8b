import type { Route } from "./+types/adopt-hive-signup";

export const meta: Route.MetaFunction = () => [{ title: "Customer Portal | Apiary" }];

// Placeholder: built by the public-site or stays work.
export default function CustomerPortal() {
  return <h1 className="mx-auto max-w-6xl px-4 py-16 text-3xl font-bold text-ink">Customer Portal</h1>;
}
