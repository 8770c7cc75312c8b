import { data } from "react-router";
import { platformContext } from "~/platform/request-context";
import { NotFound } from "~/ui/errors/not-found";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Page Not Found | Apiary" }, { name: "robots", content: "noindex" }];

export function loader({ url, context }: Route.LoaderArgs) {
  const { pathname } = url;
  context.get(platformContext).logger.warn({ path: pathname }, "404: no page at this path");
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
