import { Link } from "react-router";
import { cn } from "./cn";

export type LinkTab = { key: string; label: string; to: string };

type Props = {
  /** The landmark's name ("Portal sections"). */
  label: string;
  tabs: readonly LinkTab[];
  current: string;
  /** Switching replaces the history entry (a sign-in form's two halves) instead of adding one. */
  replace?: boolean;
  className?: string;
  /** The list's layout and corners (a grid of equal tabs in a pill unless given). */
  listClassName?: string;
};

/**
 * A page's sections as links styled like tabs (the portal, the sign-in page, the sponsor
 * profile): each section is an address of its own (?tab=…), so it works without JavaScript,
 * can be bookmarked and shared, and the current one says so (aria-current). No script of its
 * own: the router's link does the rest.
 */
export function LinkTabs({ label, tabs, current, replace, className, listClassName }: Props) {
  return (
    <nav aria-label={label} className={className}>
      <ul className={cn("gap-1 bg-muted p-1", listClassName ?? "grid grid-flow-col auto-cols-fr rounded-full")}>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              replace={replace}
              preventScrollReset
              aria-current={tab.key === current ? "page" : undefined}
              className={cn(
                "flex min-h-11 items-center justify-center rounded-full px-2 text-center text-sm leading-tight font-semibold text-ink-muted no-underline transition-colors hover:text-ink sm:px-4",
                tab.key === current && "bg-surface text-ink shadow-sm",
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
