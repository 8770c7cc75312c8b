import { Menu } from "lucide-react";
import { Suspense } from "react";
import type { MenuLink } from "./menu-link";
import { lazyAfterHydration } from "~/platform/html/after-hydration";

export type MenuDrawerProps = { menuItems: MenuLink[]; user: { email: string } | null };

export const DRAWER_ID = "site-drawer";

export const iconButtonClass =
  "inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-ink transition-colors hover:bg-ink/5";

// The drawer works as the server's HTML (a <dialog> opened by a `commandfor` button, its links
// plain links) until its code comes, after the page is interactive: it is not part of the script
// every page reads before it hydrates.
const MenuDrawerDialog = lazyAfterHydration(() => import("./menu-drawer-dialog"));

/**
 * The "Open menu" button and the side drawer it opens from the right: a native modal <dialog>
 * opened and closed by `commandfor` buttons, so it works before (and without) any script. The
 * page behind is inert while it is open, Escape and the backdrop close it, and focus returns to
 * the button. The shell script (shell-script.ts) keeps Tab inside it and closes it when a link
 * in it is followed.
 */
export function MenuDrawer({ menuItems, user }: MenuDrawerProps) {
  return (
    <>
      <button type="button" commandfor={DRAWER_ID} command="show-modal" aria-haspopup="dialog" aria-label="Open menu" className={iconButtonClass}>
        <Menu aria-hidden="true" className="size-6" />
      </button>
      <Suspense fallback={null}>
        <MenuDrawerDialog menuItems={menuItems} user={user} />
      </Suspense>
    </>
  );
}
