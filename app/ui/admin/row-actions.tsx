import { ChevronDown } from "lucide-react";
import { useId, type CSSProperties } from "react";
import { Link } from "react-router";

/**
 * A row's actions behind one small "Actions" button, so a wide table keeps its columns on a
 * laptop screen. A native popover: it opens in the browser's top layer, so the table's scrolling
 * frame never clips it (the last row's menu included), opens and closes by keyboard (Escape,
 * a click elsewhere) without any script, and is placed under its button by CSS anchor
 * positioning, flipping above it near the bottom of the screen.
 */
export function RowActions({ label, actions }: { label: string; actions: readonly { label: string; to: string }[] }) {
  const id = `row-actions-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const anchor = `--${id}`;
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        aria-label={`Actions for ${label}`}
        style={{ anchorName: anchor } as CSSProperties}
        className="inline-flex min-h-9 cursor-pointer items-center gap-1 rounded-full border border-ink/25 px-3 text-sm font-semibold hover:bg-cream-dark focus-visible:outline-2 focus-visible:outline-primary"
      >
        Actions
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      <div
        id={id}
        popover="auto"
        style={{ positionAnchor: anchor } as CSSProperties}
        className="min-w-44 rounded-xl border border-border bg-surface p-1 text-ink shadow-card supports-[position-area:bottom]:inset-auto supports-[position-area:bottom]:m-0 supports-[position-area:bottom]:mt-1 supports-[position-area:bottom]:[position-area:bottom_span-left] supports-[position-area:bottom]:[position-try-fallbacks:flip-block]"
      >
        <ul>
          {actions.map((action) => (
            <li key={action.label}>
              <Link
                to={action.to}
                preventScrollReset
                // The page stays (the dialog opens over it): close the menu as the link is followed.
                onClick={(event) => event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover()}
                className="block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-ink hover:bg-honey-100 focus-visible:outline-2 focus-visible:outline-primary"
              >
                {action.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
