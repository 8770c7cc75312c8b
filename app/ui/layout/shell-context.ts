import { createContext, useContext } from "react";

const InsideShellContext = createContext(false);

/** Provided by SiteShell, so error screens know whether a header, <main> and footer already surround them. */
export const InsideShellProvider = InsideShellContext.Provider;

export function useIsInsideShell(): boolean {
  return useContext(InsideShellContext);
}
