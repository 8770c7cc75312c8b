import type { Route } from "./+types/bitcoin-conference";

export const meta: Route.MetaFunction = () => [{ title: "Bitcoin Conference | Apiary" }];

// Placeholder: built by the public-site or stays work.
export default function BitcoinConference() {
  return <h1 className="mx-auto max-w-6xl px-4 py-16 text-3xl font-bold text-ink">Bitcoin Conference</h1>;
}
