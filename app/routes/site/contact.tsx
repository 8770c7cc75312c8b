import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => [{ title: "Contact Us | Apiary" }];

// Placeholder: built by the public-site or stays work.
export default function Contact() {
  return <h1 className="mx-auto max-w-6xl px-4 py-16 text-3xl font-bold text-ink">Contact Us</h1>;
}
