import { useCallback, useEffect, useRef } from "react";
import { useFetchers, useLocation, useNavigation, useRevalidator } from "react-router";

type RouterState = { location: { key: string }; navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> };
type Router = { state: RouterState; subscribe(listener: (state: RouterState) => void): () => void };

/**
 * The router of the hydrated app (React Router sets this global), for its state as it is now.
 * React's copy (useNavigation) is rendered in a transition and can still say "idle" while a
 * submission's redirect is already loading.
 */
const currentRouter = () => (globalThis as { __reactRouterDataRouter?: Router }).__reactRouterDataRouter;

const busy = (state: RouterState) => state.navigation.state !== "idle" || state.revalidation !== "idle" || [...state.fetchers.values()].some((fetcher) => fetcher.state !== "idle");

/**
 * Reloads the page's data, now or, when the page is submitting, navigating or revalidating, once
 * that is done: revalidating on top of it would cancel its loaders, and with them the redirect a
 * submission answered with and the one-shot toast that redirect carried (the server has spent it
 * by then). It reads once the running loads are done, in case they read before the change.
 * For whatever tells the page it is out of date: a table's change, another tab's sign-in.
 */
export function useRevalidateWhenSettled(): () => void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const waiting = useRef(false);
  // The location React has committed. The router goes idle when a navigation's data is in, but
  // React renders it in a transition: a revalidation started before that render commits replaces
  // its data, and a one-shot toast the navigation carried ("Payment recorded") is never shown.
  const location = useLocation();
  const committed = useRef(location.key);
  const afterCommit = useRef(false);
  // The latest render's revalidator and state, for a call from a listener (through the stable function returned).
  const run = useRef(() => {});
  useEffect(() => {
    run.current = () => {
      const router = currentRouter();
      if (!router) {
        if (navigation.state === "idle" && fetchers.every((fetcher) => fetcher.state === "idle")) void revalidator.revalidate();
        return;
      }
      if (!busy(router.state) && router.state.location.key !== committed.current) {
        afterCommit.current = true;
        return;
      }
      if (!busy(router.state)) {
        void revalidator.revalidate();
        return;
      }
      if (waiting.current) return;
      waiting.current = true;
      const stop = router.subscribe((state) => {
        if (busy(state)) return;
        stop();
        waiting.current = false;
        // A navigation: once React has committed it (the effect below). Otherwise outside the router's own state update.
        if (state.location.key !== committed.current) afterCommit.current = true;
        else setTimeout(() => void revalidator.revalidate(), 0);
      });
    };
  });

  useEffect(() => {
    committed.current = location.key;
    if (!afterCommit.current) return;
    afterCommit.current = false;
    run.current();
  }, [location.key]);
  return useCallback(() => run.current(), []);
}
