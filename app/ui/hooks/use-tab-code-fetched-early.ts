import { useEffect } from "react";
import { useNavigation } from "react-router";

/**
 * For a page whose tabs' code is fetched when the tab is shown (React.lazy inside a Suspense that
 * is always mounted): on the way to another tab of `pathname` (a click, a link), that tab's code
 * is fetched beside its data, not after it. `code` maps a `?tab=` value to its import.
 */
export function useTabCodeFetchedEarly(pathname: string, code: Record<string, () => Promise<unknown>>) {
  const navigation = useNavigation();
  const next = navigation.location?.pathname === pathname ? new URLSearchParams(navigation.location.search).get("tab") : null;
  useEffect(() => {
    if (next && Object.hasOwn(code, next)) void code[next]!();
  }, [next, code]);
}
