import type { ReactNode } from "react";
import { cn } from "~/ui/primitives/cn";

/** A titled section of the sponsor profile; its heading names the region for screen readers. */
export function ProfileCard({ id, title, action, className, children }: { id: string; title: string; action?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cn("rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8", className)}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold text-ink">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

const tones = {
  honey: "bg-honey-100 text-honey-900",
  forest: "bg-forest-50 text-forest-800",
  muted: "bg-muted text-ink-muted",
  red: "bg-red-50 text-red-800",
} as const;

export type BadgeTone = keyof typeof tones;

/** A status shown as a word in a coloured pill: the colour only repeats what the word says. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap", tones[tone])}>{children}</span>;
}

/** What an empty list says, with the one link that fills it. */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col items-center gap-4 rounded-2xl border border-dashed border-border bg-cream px-6 py-10 text-center">
      <p className="text-lg font-semibold text-ink">{title}</p>
      {children}
    </div>
  );
}
