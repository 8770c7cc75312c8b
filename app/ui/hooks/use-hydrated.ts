import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true afterwards. For controls that may only be
 * held back once JavaScript runs: a button disabled in the server's HTML could never be
 * pressed by someone without JavaScript.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
