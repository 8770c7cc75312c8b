import type { ReactNode } from "react";

/** A screen's heading and one line of what it is for, with its main button (Add …) beside. */
export function ScreenHeader({ screen, children }: { screen: { heading: string; description: string }; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{screen.heading}</h1>
        <p className="mt-1 text-ink-muted">{screen.description}</p>
      </div>
      {children}
    </header>
  );
}
