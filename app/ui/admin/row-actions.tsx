import { ChevronDown } from "lucide-react";
import { Link } from "react-router";

/**
 * A row's actions behind one small "Actions" button, so a wide table keeps its columns on a
 * laptop screen. A native disclosure (<details>): opens by keyboard and works without JavaScript.
 */
export function RowActions({ label, actions }: { label: string; actions: readonly { label: string; to: string }[] }) {
  return (
    <details className="group relative">
      <summary
        aria-label={`Actions for ${label}`}
        className="inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded-full border border-ink/25 px-3 text-sm font-semibold hover:bg-cream-dark focus-visible:outline-2 focus-visible:outline-primary [&::-webkit-details-marker]:hidden"
      >
        Actions
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="absolute right-0 z-10 mt-1 min-w-44 rounded-xl border border-border bg-surface p-1 shadow-card">
        {actions.map((action) => (
          <li key={action.label}>
            <Link to={action.to} preventScrollReset className="block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-ink hover:bg-honey-100 focus-visible:outline-2 focus-visible:outline-primary">
              {action.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
