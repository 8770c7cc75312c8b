import { useEffect, useEffectEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { SESSION_CHANGED_EVENT } from "./session-across-tabs";
import { useRevalidateWhenSettled } from "./use-revalidate-when-settled";

/**
 * Reloads the page's data when another tab signed in or out (see session-across-tabs.ts). A
 * back-office page whose person signed out elsewhere goes to the home page (the spec's
 * "a sign-out event sends to /"), rather than to the sign-in form the revalidation would show.
 * A tab in the middle of a navigation reloads once it is done: its own redirect after changing
 * the e-mail address (the other tabs announce the new name as soon as they have it) carries the
 * "Email Changed" toast, which a revalidation on top of it would lose.
 */
export function useSessionRevalidation() {
  const revalidate = useRevalidateWhenSettled();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onChange = useEffectEvent((viewer: unknown) => {
    if (viewer === "" && (pathname === "/admin" || pathname.startsWith("/admin/"))) void navigate("/", { replace: true });
    else revalidate();
  });
  useEffect(() => {
    const listener = (event: Event) => onChange((event as CustomEvent<unknown>).detail);
    window.addEventListener(SESSION_CHANGED_EVENT, listener);
    return () => window.removeEventListener(SESSION_CHANGED_EVENT, listener);
  }, []);
}
