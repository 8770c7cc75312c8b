import { Hexagon, LogIn, LogOut, UserPlus, UserRound, X } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LogoutForm } from "./logout-form";
import { DRAWER_ID, iconButtonClass, type MenuDrawerProps } from "./menu-drawer";
import { MenuLinkItem } from "./menu-link";
import { BreakableEmail } from "~/ui/primitives/breakable-email";

const rowClass =
  "flex w-full min-h-12 cursor-pointer items-center gap-3 rounded-xl px-4 py-3 text-left text-base font-medium text-ink " +
  "transition-colors hover:bg-honey-100 -outline-offset-2 " +
  "aria-[current=page]:bg-honey-100 aria-[current=page]:font-semibold " +
  "[&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-ink-muted";

/** The drawer the "Open menu" button opens (see MenuDrawer). */
export default function MenuDrawerDialog({ menuItems, user }: MenuDrawerProps) {
  return (
    <dialog
      id={DRAWER_ID}
      data-drawer=""
      aria-labelledby={`${DRAWER_ID}-title`}
      closedby="any"
      className={
        "fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(22rem,calc(100%-3rem))] max-w-none border-0 p-0 " +
        "flex-col bg-cream text-ink shadow-drawer open:flex open:animate-drawer-in " +
        "backdrop:bg-forest-950/55 open:backdrop:animate-fade-in"
      }
    >
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-border pr-2.5 pl-6 sm:h-[4.5rem]">
        <h2 id={`${DRAWER_ID}-title`} className="font-display text-xl font-bold">
          Menu
        </h2>
        <button type="button" commandfor={DRAWER_ID} command="close" aria-label="Close menu" className={iconButtonClass}>
          <X aria-hidden="true" className="size-6" />
        </button>
      </div>

      {user && (
        <p className="mx-3 mt-4 rounded-xl bg-cream-dark px-4 py-3 text-sm text-ink-muted">
          Signed in as{" "}
          <span className="font-semibold [overflow-wrap:break-word] text-ink">
            <BreakableEmail email={user.email} />
          </span>
        </p>
      )}

      {/* data-live-menu: pages served without React refresh this part when the menu changes. */}
      <nav aria-label="Site menu" data-testid="drawer-menu" data-live-menu="" className="flex-1 overflow-y-auto px-3 py-4">
        {menuItems.length > 0 && (
          <ul className="mb-4 space-y-0.5 border-b border-border pb-4">
            {menuItems.map((item) => (
              <li key={item.id}>
                <MenuLinkItem item={item} className={rowClass} />
              </li>
            ))}
          </ul>
        )}
        <ul className="space-y-0.5">
          {user ? (
            <>
              <DrawerLink to="/sponsor-profile" icon={<UserRound aria-hidden="true" />}>
                Profile
              </DrawerLink>
              <DrawerLink to="/adopt-hive-signup" icon={<Hexagon aria-hidden="true" />}>
                Adopt-a-Hive
              </DrawerLink>
              <li>
                <LogoutForm>
                  <button type="submit" className={rowClass}>
                    <LogOut aria-hidden="true" />
                    Logout
                  </button>
                </LogoutForm>
              </li>
            </>
          ) : (
            <>
              <DrawerLink to="/customer-auth" icon={<LogIn aria-hidden="true" />}>
                Login
              </DrawerLink>
              <DrawerLink to="/customer-auth?tab=signup" icon={<UserPlus aria-hidden="true" />}>
                Sign Up
              </DrawerLink>
              <DrawerLink to="/adopt-hive-signup" icon={<Hexagon aria-hidden="true" />}>
                Adopt-a-Hive
              </DrawerLink>
            </>
          )}
        </ul>
      </nav>
    </dialog>
  );
}

function DrawerLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={rowClass}>
        {icon}
        {children}
      </Link>
    </li>
  );
}
