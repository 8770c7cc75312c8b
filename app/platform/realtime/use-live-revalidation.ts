import { useEffect, useEffectEvent } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { watchTableChanges } from "./watch-changes";

/**
 * Keeps the page's data fresh: revalidates the loaders when one of `tables` changes. A change
 * heard while this page is submitting or navigating (a form, or a fetcher such as the menu's
 * Change Password) is left to that submission, which reads after the change anyway: revalidating
 * on top of it would cancel its loaders, and with them the redirect it answered with and the
 * one-shot toast that redirect carried.
 */
export function useLiveRevalidation(tables: readonly string[]) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const revalidate = useEffectEvent(() => {
    if (navigation.state === "idle" && fetchers.every((fetcher) => fetcher.state === "idle")) void revalidator.revalidate();
  });
  const key = [...new Set(tables)].sort().join(",");

  useEffect(() => {
    if (!key) return;
    return watchTableChanges(new Set(key.split(",")), revalidate);
  }, [key]);
}
