import { createContext, useContext, type ReactNode } from "react";

/**
 * What the back-office frame puts under the heading of the screen a person lands on (the day's
 * overview, on the first screen of their menu): given by the admin layout, so that no screen
 * has to know of it, and shown wherever that screen's header is.
 */
export const ScreenLead = createContext<ReactNode>(null);

/** A screen's heading and one line of what it is for, with its main button (Add …) beside. */
export function ScreenHeader({ screen, children }: { screen: { heading: string; description: string }; children?: ReactNode }) {
  const lead = useContext(ScreenLead);
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">{screen.heading}</h1>
          <p className="mt-1 text-ink-muted">{screen.description}</p>
        </div>
        {children}
      </header>
      {lead}
    </>
  );
}
