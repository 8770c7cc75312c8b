import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { ButtonLink } from "~/ui/primitives/button";
import { ErrorFrame } from "./error-frame";

/** The 404 page (public spec, route table): heading, a sentence, and a way home. Logs the bad path. */
export function NotFound() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);

  return (
    <ErrorFrame>
      <p className="font-display text-7xl font-bold text-honey-600 sm:text-8xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink sm:text-4xl">Page Not Found</h1>
      <p className="mt-4 max-w-md text-lg text-ink-muted">Sorry, the page you are looking for does not exist.</p>
      <ButtonLink to="/" size="lg" className="mt-8">
        <ArrowLeft aria-hidden="true" />
        Return to Home
      </ButtonLink>
    </ErrorFrame>
  );
}
