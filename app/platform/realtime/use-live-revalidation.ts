import { useEffect, useEffectEvent, useRef } from "react";
import { useFetchers, useLocation, useNavigation, useRevalidator } from "react-router";
import { watchTableChanges } from "./watch-changes";

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
 * Keeps the page's data fresh: revalidates the loaders when one of `tables` changes. A change
 * heard while the page is submitting, navigating or revalidating waits until that is done:
 * revalidating on top of it would cancel its loaders, and with them the redirect a submission
 * answered with and the one-shot toast that redirect carried. It then reads once more, in case
 * the running loads read before the change.
 */
export function useLiveRevalidation(tables: readonly string[]) {
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
  const revalidate = useEffectEvent(() => {
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
  });

  useEffect(() => {
    committed.current = location.key;
    if (!afterCommit.current) return;
    afterCommit.current = false;
    revalidate();
  }, [location.key]);
  const key = [...new Set(tables)].sort().join(",");

  useEffect(() => {
    if (!key) return;
    return watchTableChanges(new Set(key.split(",")), revalidate);
  }, [key]);
}
