import { lazy, type ComponentType } from "react";

let markHydrated: () => void = () => {};
const hydrated = new Promise<void>((resolve) => {
  markHydrated = resolve;
});

/** Called by the root layout once React has hydrated the page. */
export function pageHydrated() {
  markHydrated();
}

/**
 * React.lazy for a part of a page that can wait until the rest is interactive (buttons under a
 * form, say): its code is asked for once the page has hydrated, not with the page. Until then the
 * server's HTML of the part stays in place (React keeps a Suspense boundary's server HTML while
 * its code is missing, and hydrates it when the code is here). React does not replay a click made
 * on it meanwhile: only parts that work as plain HTML (links, forms that post), or say they are
 * not ready yet (a disabled button), may wait this way. On the server, and on a page reached by a
 * client-side navigation, it loads at once.
 */
export function lazyAfterHydration<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => (typeof document === "undefined" ? load() : hydrated.then(load)));
}
