import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PageHandle } from "../app/platform/page-handle";

/**
 * Tells whether a path is one of the public pages whose anonymous copy may be cached: every
 * route it matches, the root included, says `publicCache: true` in its handle. Client-side
 * navigation data (`*.data`) never is.
 */
const KNOWN_PATHS = 5_000;

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
  // matchRoutes flattens and ranks every route at each call (most of an anonymous request's CPU
  // when it ran for each): the answer per path is kept, a bounded number of paths at a time.
  const known = new Map<string, boolean>();
  return (pathname) => {
    if (pathname.endsWith(".data")) return false;
    let isPublic = known.get(pathname);
    if (isPublic === undefined) {
      const matches = matchRoutes(roots, pathname);
      isPublic = !!matches && matches.length > 0 && matches.every((match) => (match.route.handle as { publicCache: boolean }).publicCache);
      if (known.size >= KNOWN_PATHS) known.clear();
      known.set(pathname, isPublic);
    }
    return isPublic;
  };
}
