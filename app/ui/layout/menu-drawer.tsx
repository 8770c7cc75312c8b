import { Hexagon, LogIn, LogOut, Menu, UserPlus, UserRound, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { LogoutForm } from "./logout-form";
import { MenuLinkItem, type MenuLink, type MenuLinkKind } from "./menu-link";

export type MenuDrawerProps = { menuItems: MenuLink[]; user: { email: string } | null };

const rowClass =
  "flex w-full min-h-12 cursor-pointer items-center gap-3 rounded-xl px-4 py-3 text-left text-base font-medium text-ink " +
  "transition-colors hover:bg-honey-100 -outline-offset-2 " +
  "aria-[current=page]:bg-honey-100 aria-[current=page]:font-semibold " +
  "[&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-ink-muted";

/**
 * The "Open menu" button and the side drawer it opens from the right (a Radix Dialog:
 * focus is trapped, Escape closes, focus returns to the button).
 */
export function MenuDrawer({ menuItems, user }: MenuDrawerProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  // An in-page anchor on the current page is followed only once the drawer has closed:
  // while it is open the page is scroll-locked, and focus would jump back to the menu button.
  const pendingHash = useRef<string | null>(null);

  function onMenuItemClick(event: MouseEvent<HTMLAnchorElement>, kind: MenuLinkKind) {
    if (kind === "anchor" && !isModifiedClick(event)) {
      const target = new URL(event.currentTarget.href);
      if (target.pathname === window.location.pathname) {
        event.preventDefault();
        pendingHash.current = target.hash;
      }
    }
    close();
  }

  function onCloseAutoFocus(event: Event) {
    const hash = pendingHash.current;
    if (hash === null) return;
    pendingHash.current = null;
    event.preventDefault();
    setTimeout(() => {
      if (window.location.hash === hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      else window.location.hash = hash;
    }, 0);
  }

  // Close after any navigation (a link in the drawer, the back button, the logout redirect).
  const location = useLocation();
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setOpen(false);
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label="Open menu"
          className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-ink transition-colors hover:bg-ink/5"
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-forest-950/55 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,calc(100%-3rem))] flex-col bg-cream text-ink shadow-drawer data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-border pr-2.5 pl-6 sm:h-[4.5rem]">
            <Dialog.Title className="font-display text-xl font-bold">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Close menu"
                className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-ink transition-colors hover:bg-ink/5"
              >
                <X aria-hidden="true" className="size-6" />
              </button>
            </Dialog.Close>
          </div>

          {user && (
            <p className="mx-3 mt-4 rounded-xl bg-cream-dark px-4 py-3 text-sm text-ink-muted">
              Signed in as <span className="font-semibold [overflow-wrap:anywhere] text-ink">{user.email}</span>
            </p>
          )}

          <nav aria-label="Site menu" data-testid="drawer-menu" className="flex-1 overflow-y-auto px-3 py-4">
            {menuItems.length > 0 && (
              <ul className="space-y-0.5 border-b border-border pb-4 mb-4">
                {menuItems.map((item) => (
                  <li key={item.id}>
                    <MenuLinkItem item={item} className={rowClass} onNavigate={onMenuItemClick} />
                  </li>
                ))}
              </ul>
            )}
            <ul className="space-y-0.5">
              {user ? (
                <>
                  <DrawerLink to="/sponsor-profile" icon={<UserRound aria-hidden="true" />} onNavigate={close}>
                    Profile
                  </DrawerLink>
                  <DrawerLink to="/adopt-hive-signup" icon={<Hexagon aria-hidden="true" />} onNavigate={close}>
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
                  <DrawerLink to="/customer-auth" icon={<LogIn aria-hidden="true" />} onNavigate={close}>
                    Login
                  </DrawerLink>
                  <DrawerLink to="/customer-auth" icon={<UserPlus aria-hidden="true" />} onNavigate={close}>
                    Sign Up
                  </DrawerLink>
                  <DrawerLink to="/adopt-hive-signup" icon={<Hexagon aria-hidden="true" />} onNavigate={close}>
                    Adopt-a-Hive
                  </DrawerLink>
                </>
              )}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DrawerLink({
  to,
  icon,
  onNavigate,
  children,
}: {
  to: string;
  icon: ReactNode;
  onNavigate: () => void;
  children: ReactNode;
}) {
  return (
    <li>
      <Link to={to} className={rowClass} onClick={onNavigate}>
        {icon}
        {children}
      </Link>
    </li>
  );
}

function isModifiedClick(event: MouseEvent) {
  return event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}
