import { useMatches, useRouteError } from "react-router";

/** What a route may declare in its `handle`. */
export type PageHandle = {
  /** The tables the page shows; the page revalidates when one of them changes. */
  live?: readonly string[];
  /**
   * How a document request for this page hydrates (client-side navigations always render with
   * React, whatever this says):
   * - `false`: never. The page is HTML and CSS and the shell's small script, without React in the
   *   browser: for pages with nothing to interact with beyond links, the drawer and the account
   *   menu (which work natively). They paint sooner and ship a few kilobytes of script instead of
   *   a couple of hundred.
   * - `"deferred"`: when the page's interactive part is needed. That element carries
   *   `data-hydrate-trigger="visible"` (React takes over as it comes within a screen of the
   *   viewport) or `="interaction"` (when it is pointed at, touched or focused); until then it
   *   works as a plain HTML form would. See shell-script.ts. A document that shows a toast or an
   *   action's answer hydrates at once (entry.server.tsx).
   */
  hydrate?: false | "deferred";
  /**
   * An anonymous visitor's copy of this page is every anonymous visitor's: the server keeps the
   * finished response and serves it again until a table it read changes (server/page-cache.ts).
   * Every route of a page must say so, the root included.
   */
  publicCache?: true;
  /** The back-office: its own menu and work, without the public site's marketing footer. */
  backOffice?: true;
};

function useHandles() {
  return useMatches().map((match) => (match.handle ?? {}) as PageHandle);
}

/** True on a back-office page (its layout says so). */
export function useInBackOffice() {
  return useHandles().some((handle) => handle.backOffice === true);
}

export function useLiveTables() {
  return useHandles().flatMap((handle) => handle.live ?? []);
}

/**
 * True while the server renders a document for a page that will not hydrate. In the browser it
 * is always false: a page React runs in was hydrated, and keeps its scripts on every navigation.
 * An error screen always hydrates (its details and Copy Error are React's).
 */
export function useStaticDocument() {
  const matches = useHandles();
  const error = useRouteError();
  return typeof document === "undefined" && !error && matches.some((handle) => handle.hydrate === false);
}

/** Whether a document for these route handles defers its hydration (server side). */
export function defersHydration(handles: readonly unknown[]) {
  return handles.some((handle) => (handle as PageHandle | undefined)?.hydrate === "deferred");
}
