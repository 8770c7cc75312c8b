import { useEffect } from "react";
import { useRevalidateWhenSettled } from "./use-revalidate-when-settled";
import { watchTableChanges } from "./watch-changes";

/**
 * Keeps the page's data fresh: revalidates the loaders when one of `tables` changes. A change
 * heard while the page is submitting, navigating or revalidating waits until that is done:
 * revalidating on top of it would cancel its loaders, and with them the redirect a submission
 * answered with and the one-shot toast that redirect carried. It then reads once more, in case
 * the running loads read before the change.
 */
export function useLiveRevalidation(tables: readonly string[]) {
  const revalidate = useRevalidateWhenSettled();
  const key = [...new Set(tables)].sort().join(",");

  useEffect(() => {
    if (!key) return;
    return watchTableChanges(new Set(key.split(",")), revalidate);
  }, [key, revalidate]);
}
