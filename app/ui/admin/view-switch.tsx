import { Link } from "react-router";
import { cn } from "~/ui/primitives/cn";

/** Two or more ways of showing one screen (a grid and the list), as links: the choice is in the URL, so Back and a shared link keep it. */
export function ViewSwitch({ label, views }: { label: string; views: readonly { label: string; to: string; current: boolean }[] }) {
  return (
    <nav aria-label={label} className="mt-5">
      <ul className="inline-flex rounded-full border border-ink/25 bg-surface p-1">
        {views.map((view) => (
          <li key={view.label}>
            <Link
              to={view.to}
              preventScrollReset
              aria-current={view.current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-9 items-center rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-primary",
                view.current ? "bg-forest-800 text-cream" : "text-ink hover:bg-cream-dark",
              )}
            >
              {view.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
