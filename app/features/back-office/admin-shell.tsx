import { KeyRound, LockKeyhole, LogOut, Menu, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useContext, useId, useState, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { ChangePasswordMenuItem } from "~/features/accounts/change-password-dialog";
import { LogoutForm } from "~/ui/layout/logout-form";
import { cn } from "~/ui/primitives/cn";
import { adminMenu, MenuCounts, type AdminNavEntry } from "./admin-nav";
import { BreakableEmail } from "~/ui/primitives/breakable-email";

const rowClass =
  "flex w-full min-h-11 items-center gap-3 rounded-xl px-3 py-2 text-left text-[0.95rem] font-medium text-ink " +
  "-outline-offset-2 [&_svg]:size-[1.1rem] [&_svg]:shrink-0 [&_svg]:text-ink-muted";
const activeRowClass = "cursor-pointer transition-colors hover:bg-honey-100 aria-[current=page]:bg-honey-100 aria-[current=page]:font-semibold";

function Entry({ entry }: { entry: AdminNavEntry }) {
  const Icon = entry.icon;
  const waiting = useContext(MenuCounts)[entry.id] ?? 0;
  return (
    <li>
      <NavLink to={entry.to} className={cn(rowClass, activeRowClass)}>
        <Icon aria-hidden="true" />
        {entry.label}
        {waiting > 0 && (
          <>
            <span className="sr-only">({waiting} waiting)</span>
            <span aria-hidden="true" className="ml-auto min-w-6 rounded-full bg-honey-200 px-1.5 text-center text-xs leading-5 font-bold text-honey-900 tabular-nums">
              {waiting}
            </span>
          </>
        )}
      </NavLink>
    </li>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="mt-5 border-t border-border pt-4">
      <p id={id} className="px-3 pb-1.5 text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase">
        {label}
      </p>
      <ul aria-labelledby={id} className="space-y-0.5">
        {children}
      </ul>
    </div>
  );
}

/** The back-office menu: the screens this person may view, the Site group, then the account's own entries. */
function AdminMenu({ email, screens }: { email: string; screens: readonly string[] }) {
  const menu = adminMenu(screens);
  return (
    <nav aria-label="Back-office">
      <p className="mb-4 rounded-xl bg-cream-dark px-3 py-2.5 text-sm text-ink-muted">
        Signed in as
        {/* On a line of its own, broken before the @ when it must, never mid-word. */}
        <span className="block font-semibold [overflow-wrap:break-word] text-ink">
          <BreakableEmail email={email} />
        </span>
      </p>
      {menu.main.length > 0 && (
        <ul className="space-y-0.5">
          {menu.main.map((entry) => (
            <Entry key={entry.to} entry={entry} />
          ))}
        </ul>
      )}
      {menu.site.length > 0 && (
        <Group label="Site">
          {menu.site.map((entry) => (
            <Entry key={entry.to} entry={entry} />
          ))}
        </Group>
      )}
      <Group label="Account">
        <li>
          <NavLink to="/admin/security" end className={cn(rowClass, activeRowClass)}>
            <LockKeyhole aria-hidden="true" />
            Security
          </NavLink>
        </li>
        <li>
          <ChangePasswordMenuItem email={email} className={cn(rowClass, activeRowClass)}>
            <KeyRound aria-hidden="true" />
            Change Password
          </ChangePasswordMenuItem>
        </li>
        <li>
          <LogoutForm>
            <button type="submit" className={cn(rowClass, activeRowClass)}>
              <LogOut aria-hidden="true" />
              Logout
            </button>
          </LogoutForm>
        </li>
      </Group>
    </nav>
  );
}

/** Below the large breakpoint the menu slides out from the left (a Radix Dialog: focus trapped, Escape closes). */
function AdminMenuDrawer({ email, screens }: { email: string; screens: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setOpen(false);
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-ink/25 bg-surface px-4 text-sm font-semibold text-ink hover:bg-cream-dark"
        >
          <Menu aria-hidden="true" className="size-5" />
          Admin menu
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-forest-950/55 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,calc(100%-3rem))] flex-col bg-cream text-ink shadow-drawer transition-transform duration-300 starting:-translate-x-full motion-reduce:transition-none"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-border pr-2.5 pl-5">
            <Dialog.Title className="font-display text-xl font-bold">Back-office</Dialog.Title>
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
          <div className="flex-1 overflow-y-auto px-3 py-4">
            <AdminMenu email={email} screens={screens} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The frame of every back-office page, inside the site's header and footer. */
export function AdminShell({ email, screens, children }: { email: string; screens: readonly string[]; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-[90rem] px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8 lg:px-8 lg:py-10">
      <aside className="hidden lg:block">
        <div className="sticky top-24">
          <AdminMenu email={email} screens={screens} />
        </div>
      </aside>
      <div className="min-w-0">
        <div className="mb-6 lg:hidden">
          <AdminMenuDrawer email={email} screens={screens} />
        </div>
        {children}
      </div>
    </div>
  );
}
