import type { ReactNode } from "react";
import { Wordmark } from "~/ui/brand/bee-mark";
import { useIsInsideShell } from "~/ui/layout/shell-context";

/**
 * Inside SiteShell this is just a centred section. Outside it (e.g. the root loader failed and the
 * shell could not render) it adds its own <main> landmark and a plain home link with the brand,
 * using no router data, so the page still looks like the site.
 */
export function ErrorFrame({ children }: { children: ReactNode }) {
  const insideShell = useIsInsideShell();
  const content = (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
      {children}
    </div>
  );
  if (insideShell) return content;
  return (
    <div className="flex min-h-dvh flex-col bg-cream text-ink">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          {/* A plain anchor: a full page load is the surest way back after a failure. */}
          <a href="/" aria-label="Apiary home" className="-m-1 rounded-lg p-1 text-ink">
            <Wordmark />
          </a>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-center">
        {content}
      </main>
    </div>
  );
}
