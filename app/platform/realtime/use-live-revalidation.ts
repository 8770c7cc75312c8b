import { useEffect, useEffectEvent } from "react";
import { useRevalidator } from "react-router";
import { watchTableChanges } from "./watch-changes";

/** Keeps the page's data fresh: revalidates the loaders when one of `tables` changes. */
export function useLiveRevalidation(tables: readonly string[]) {
  const revalidator = useRevalidator();
  const revalidate = useEffectEvent(() => void revalidator.revalidate());
  const key = [...new Set(tables)].sort().join(",");

  useEffect(() => {
    if (!key) return;
    return watchTableChanges(new Set(key.split(",")), revalidate);
  }, [key]);
}
