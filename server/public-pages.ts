import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PageHandle } from "../app/platform/page-handle";

/**
 * Tells whether a path is one of the public pages whose anonymous copy may be cached: every
 * route it matches, the root included, says `publicCache: true` in its handle. Client-side
 * navigation data (`*.data`) never is.
 */
export function publicPageMatcher(build: ServerBuild): (pathname: string) => boolean {
  const nodes = new Map<string, RouteObject>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const handle = { publicCache: (route.module.handle as PageHandle | undefined)?.publicCache === true };
    nodes.set(route.id, route.index ? { id: route.id, index: true, handle } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [], handle });
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent?.children ?? roots).push(nodes.get(route.id)!);
  }
  return (pathname) => {
    if (pathname.endsWith(".data")) return false;
    const matches = matchRoutes(roots, pathname);
    return !!matches && matches.length > 0 && matches.every((match) => (match.route.handle as { publicCache: boolean }).publicCache);
  };
}
