import { Link } from "react-router";
import { cn } from "~/ui/primitives/cn";
import { PROFILE_TABS, PROFILE_TAB_LABELS, profileTabHref, type ProfileTab } from "./profile-tab";

/**
 * The profile's sections as links styled like tabs: each is an address of its own (?tab=…),
 * so they work without JavaScript, can be bookmarked, and the current one says so (aria-current).
 */
export function ProfileTabsNav({ current }: { current: ProfileTab }) {
  return (
    <nav aria-label="Profile sections">
      <ul className="grid grid-cols-2 gap-1 rounded-3xl bg-muted p-1 sm:grid-cols-4 sm:rounded-full">
        {PROFILE_TABS.map((tab) => (
          <li key={tab}>
            <Link
              to={profileTabHref(tab)}
              preventScrollReset
              aria-current={tab === current ? "page" : undefined}
              className={cn(
                "flex min-h-11 items-center justify-center rounded-full px-2 text-center text-sm leading-tight font-semibold text-ink-muted no-underline transition-colors hover:text-ink sm:px-4",
                tab === current && "bg-surface text-ink shadow-sm",
              )}
            >
              {PROFILE_TAB_LABELS[tab]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
