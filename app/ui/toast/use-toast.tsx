import { useEffect } from "react";
import type { Toast } from "~/platform/toast";
import { showToast } from "./show-toast";

/** Shows `toast` once per distinct value (flash toasts from the server, or an action's answer). */
export function useToast(toast: Toast | null | undefined) {
  const key = toast ? (toast.id ?? `${toast.title}|${toast.description ?? ""}`) : null;
  useEffect(() => {
    if (toast) showToast({ ...toast, id: key ?? undefined });
    // `key` identifies the toast; the object itself changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
