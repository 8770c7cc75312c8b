import { useEffect, useEffectEvent } from "react";
import { useRevalidator } from "react-router";
import { SESSION_CHANGED_EVENT } from "./session-across-tabs";

/** Reloads the page's data when another tab signed in or out (see session-across-tabs.ts). */
export function useSessionRevalidation() {
  const revalidator = useRevalidator();
  const revalidate = useEffectEvent(() => void revalidator.revalidate());
  useEffect(() => {
    const onChange = () => revalidate();
    window.addEventListener(SESSION_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(SESSION_CHANGED_EVENT, onChange);
  }, []);
}
