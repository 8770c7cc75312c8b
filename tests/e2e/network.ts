import type { Page, Route } from "@playwright/test";

/**
 * Until the returned function is called, the page's posts fail the way they do offline or on a
 * dropped connection: the request never reaches the server (fetch rejects with a TypeError).
 */
export async function dropPosts(page: Page): Promise<() => Promise<void>> {
  const drop = (route: Route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback());
  await page.route("**/*", drop);
  return () => page.unroute("**/*", drop);
}
