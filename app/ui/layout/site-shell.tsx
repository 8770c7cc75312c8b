import type { ReactNode } from "react";
import type { MenuLink } from "./menu-link";
import { InsideShellProvider } from "./shell-context";
import { SiteFooter, type SocialLinks } from "./site-footer";
import { SiteHeader } from "./site-header";

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
        {footer && <SiteFooter social={footer.social} />}
      </div>
    </InsideShellProvider>
  );
}
