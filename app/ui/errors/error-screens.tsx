import { lazy, Suspense, useEffect, type ReactNode } from "react";

const loadApplicationError = () => import("./application-error").then((module) => ({ default: module.ApplicationError }));
const loadNotFound = () => import("./not-found").then((module) => ({ default: module.NotFound }));

// Never fetched (offline before the page was ever idle): the plainest screen, with its words.
const LazyApplicationError = lazy(() => loadApplicationError().catch(() => ({ default: PlainApplicationError })));
const LazyNotFound = lazy(() => loadNotFound().catch(() => ({ default: PlainNotFound })));

/**
 * The error boundaries' screens: Application Error, and Page Not Found for a page that finds no
 * record. Their code (the screens, the error's classification, their icons) is needed only when
 * something fails, so it is not on any page's load: the server renders them in place, and the
 * browser fetches them when the page is idle (usePreparedErrorScreens), so a failure later shows
 * them at once, network or not. (The not-found route itself imports its screen directly.)
 */
export function ApplicationErrorScreen({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <LazyApplicationError error={error} />
    </Suspense>
  );
}

export function NotFoundScreen() {
  return (
    <Suspense fallback={null}>
      <LazyNotFound />
    </Suspense>
  );
}

/** Fetches the error screens a moment after the page is interactive. */
export function usePreparedErrorScreens() {
  useEffect(() => {
    const timer = setTimeout(() => {
      void loadApplicationError().catch(() => undefined);
      void loadNotFound().catch(() => undefined);
    }, 1500);
    return () => clearTimeout(timer);
  }, []);
}

function Plain({ children }: { children: ReactNode }) {
  return <main className="mx-auto max-w-2xl px-4 py-16 text-center">{children}</main>;
}

function PlainApplicationError() {
  return (
    <Plain>
      <h1 className="text-3xl font-bold text-ink">Application Error</h1>
      <p className="mt-3 text-xl font-semibold text-ink">Something went wrong</p>
      <p className="mt-6">
        <a href="">Reload Page</a>
      </p>
    </Plain>
  );
}

function PlainNotFound() {
  return (
    <Plain>
      <h1 className="text-3xl font-bold text-ink">Page Not Found</h1>
      <p className="mt-4 text-lg text-ink-muted">Sorry, the page you are looking for does not exist.</p>
      <p className="mt-6">
        <a href="/">Return to Home</a>
      </p>
    </Plain>
  );
}
