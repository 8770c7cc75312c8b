import { Link } from "react-router";
import { useInBackOffice } from "~/platform/page-handle";
import { Wordmark } from "~/ui/brand/bee-mark";
import { ButtonLink } from "~/ui/primitives/button";
import type { MenuLink } from "./menu-link";
import { MenuDrawer } from "./menu-drawer";
import { UserMenu } from "./user-menu";

export type SiteHeaderProps = { menuItems: MenuLink[]; user: { email: string } | null };

export function SiteHeader({ menuItems, user }: SiteHeaderProps) {
  // In the back-office below the large breakpoint the page's own "Admin menu" is the one menu button (the site stays one tap away, the logo).
  const backOffice = useInBackOffice();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-cream shadow-[0_1px_0_rgb(28_42_34/0.04)]">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:h-[4.5rem] sm:px-6 lg:px-8">
        <Link to="/" aria-label="Apiary home" className="-m-1 rounded-lg p-1 text-ink">
          <Wordmark />
        </Link>

        <div className="flex items-center gap-1.5 sm:gap-2">
          {user ? (
            <UserMenu email={user.email} />
          ) : (
            <div className="hidden items-center gap-2 md:inline-flex">
              <ButtonLink to="/customer-auth" variant="ghost">
                Login
              </ButtonLink>
              <ButtonLink to="/customer-auth?tab=signup" variant="primary">
                Sign Up
              </ButtonLink>
            </div>
          )}
          <div className={backOffice ? "max-lg:hidden" : "contents"}>
            <MenuDrawer menuItems={menuItems} user={user} />
          </div>
        </div>
      </div>
    </header>
  );
}
