import { useEffect, useEffectEvent } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { watchTableChanges } from "./watch-changes";

/**
 * Keeps the page's data fresh: revalidates the loaders when one of `tables` changes. A change
 * heard while this page is submitting or navigating is left to that navigation, which reads
 * after the change anyway: revalidating on top of it would cancel its loaders, and with them the
 * one-shot toast the redirect carried.
 */
export function useLiveRevalidation(tables: readonly string[]) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const revalidate = useEffectEvent(() => {
    if (navigation.state === "idle") void revalidator.revalidate();
  });
  const key = [...new Set(tables)].sort().join(",");

  useEffect(() => {
    if (!key) return;
    return watchTableChanges(new Set(key.split(",")), revalidate);
  }, [key]);
}
