import { Suspense, type ReactNode } from "react";
import { lazyAfterHydration } from "~/platform/html/after-hydration";
import type { MenuLink } from "./menu-link";
import { InsideShellProvider } from "./shell-context";
import type { SocialLinks } from "./site-footer";
import { SiteHeader } from "./site-header";

// Links and text only: the server's HTML works as it is until the footer's code comes, after the
// page is interactive (it is not part of the script every page reads before it hydrates).
const SiteFooter = lazyAfterHydration(() => import("./site-footer"));

export type { MenuLink } from "./menu-link";

export type SiteShellProps = {
  /** The visible menu items, in display order. */
  menuItems: MenuLink[];
  user: { email: string } | null;
  /** The public marketing footer, with the organisation's social links; none under the back-office. */
  footer: { social: SocialLinks } | null;
  children: ReactNode;
};

/** The frame of every public page: skip link, sticky header with the drawer, <main id="main">, footer. */
export function SiteShell({ menuItems, user, footer, children }: SiteShellProps) {
  return (
    <InsideShellProvider value={true}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only rounded-full bg-ink px-5 py-3 font-semibold text-cream shadow-card focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
        >
          Skip to content
        </a>
        <SiteHeader menuItems={menuItems} user={user} />
        <main id="main" tabIndex={-1} className="flex-1">
          {children}
        </main>
        {footer && (
          <Suspense fallback={null}>
            <SiteFooter social={footer.social} />
          </Suspense>
        )}
      </div>
    </InsideShellProvider>
  );
}
