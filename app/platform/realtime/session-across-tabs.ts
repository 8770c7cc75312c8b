/**
 * Signing in or out in one tab shows in the others (the spec's "listener for authentication
 * state changes"). Every page names its viewer on <html data-viewer> (the root renders it); the
 * shell script announces that name on a BroadcastChannel when the page loads and whenever React
 * changes it. A tab that hears a different name is out of date: a React page revalidates its
 * loaders (which also sends a signed-out visitor away from a protected page), a page without
 * React running reloads (it holds nothing typed: see PageHandle). Plain DOM, no React.
 */

export const VIEWER_ATTRIBUTE = "data-viewer";
/** Dispatched on window for the React root to revalidate (use-session-revalidation.ts); its detail is the new viewer. */
export const SESSION_CHANGED_EVENT = "apiary:session-changed";
export const SESSION_CHANNEL = "apiary-session";

/** What <html data-viewer> says: who the page was rendered for ("" for nobody signed in). */
export function viewerName(user: { email: string } | null): string {
  return user ? user.email : "";
}

export function followSessionAcrossTabs() {
  if (typeof BroadcastChannel === "undefined") return;
  const root = document.documentElement;
  const viewer = () => root.getAttribute(VIEWER_ATTRIBUTE);
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  const announce = () => {
    const name = viewer();
    // An error screen may not know the viewer: it says nothing.
    if (name !== null) channel.postMessage(name);
  };
  announce();
  new MutationObserver(announce).observe(root, { attributeFilter: [VIEWER_ATTRIBUTE] });
  let reloading = false;
  channel.addEventListener("message", (event: MessageEvent<unknown>) => {
    const mine = viewer();
    if (typeof event.data !== "string" || mine === null || event.data === mine || reloading) return;
    const reactRuns = root.hasAttribute("data-hydrated") && !root.hasAttribute("data-static");
    if (reactRuns) window.dispatchEvent(new CustomEvent<string>(SESSION_CHANGED_EVENT, { detail: event.data }));
    else {
      // Every other tab announces the change too, while this page is still being replaced:
      // one reload is enough (another would cancel it and start again).
      reloading = true;
      window.location.reload();
    }
  });
}
