import { useEffect, useEffectEvent } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { SESSION_CHANGED_EVENT } from "./session-across-tabs";

/**
 * Reloads the page's data when another tab signed in or out (see session-across-tabs.ts). A
 * back-office page whose person signed out elsewhere goes to the home page (the spec's
 * "a sign-out event sends to /"), rather than to the sign-in form the revalidation would show.
 */
export function useSessionRevalidation() {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onChange = useEffectEvent((viewer: unknown) => {
    if (viewer === "" && (pathname === "/admin" || pathname.startsWith("/admin/"))) void navigate("/", { replace: true });
    else void revalidator.revalidate();
  });
  useEffect(() => {
    const listener = (event: Event) => onChange((event as CustomEvent<unknown>).detail);
    window.addEventListener(SESSION_CHANGED_EVENT, listener);
    return () => window.removeEventListener(SESSION_CHANGED_EVENT, listener);
  }, []);
}
