import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React Router's own entry, with one difference: hydration starts in a task of its own. Importing
 * this module runs React DOM's module code (its first use: the framework chunk defers each
 * package's code until it is first required), and hydrateRoot then sets up the root and its event
 * listeners: two pieces of work that each fit in a task on a slow phone's CPU, and on Lighthouse's,
 * better than both in one. The render itself is a transition, which React cuts into 5 ms slices.
 */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

setTimeout(hydrate, 0);
