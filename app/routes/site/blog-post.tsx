import type { Route } from "./+types/blog-post";

export const meta: Route.MetaFunction = () => [{ title: "Blog | Apiary" }];

// Placeholder: built by the public-site or stays work.
export default function BlogPost() {
  return <h1 className="mx-auto max-w-6xl px-4 py-16 text-3xl font-bold text-ink">Blog</h1>;
}
