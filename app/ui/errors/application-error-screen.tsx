import { lazy, Suspense, useEffect } from "react";

const loadScreen = () => import("./application-error").then((module) => ({ default: module.ApplicationError }));

const LazyApplicationError = lazy(() =>
  // Never fetched (offline before the page was ever idle): the plainest screen, with its words.
  loadScreen().catch(() => ({ default: PlainApplicationError })),
);

/**
 * The application error screen for the error boundaries. Its code (the screen, the error's
 * classification, its icons: about 3.5 KB of script) is needed only when something fails, so it
 * is not on any page's load: the server renders it in place, and the browser fetches it when the
 * page is idle (usePreparedErrorScreen), so a failure later shows it at once, network or not.
 */
export function ApplicationErrorScreen({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <LazyApplicationError error={error} />
    </Suspense>
  );
}

/** Fetches the error screen a moment after the page is interactive. */
export function usePreparedErrorScreen() {
  useEffect(() => {
    const timer = setTimeout(() => void loadScreen().catch(() => undefined), 1500);
    return () => clearTimeout(timer);
  }, []);
}

function PlainApplicationError() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-ink">Application Error</h1>
      <p className="mt-3 text-xl font-semibold text-ink">Something went wrong</p>
      <p className="mt-6">
        <a href="">Reload Page</a>
      </p>
    </main>
  );
}
