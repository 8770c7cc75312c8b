import { useEffect } from "react";
import { toast as sonner } from "sonner";
import type { Toast } from "~/platform/toast";

/** The description, then the detail line and the link, as the server's flash toast shows them. */
function ToastBody({ toast }: { toast: Toast }) {
  return (
    <>
      {toast.description}
      {toast.detail && <span className="mt-1 block">{toast.detail}</span>}
      {toast.link && (
        <a href={toast.link.href} className="mt-1.5 block font-semibold underline underline-offset-4">
          {toast.link.label}
        </a>
      )}
    </>
  );
}

/** Shows `toast` once per distinct value (flash toasts from the server, or an action's answer). */
export function useToast(toast: Toast | null | undefined) {
  const key = toast ? (toast.id ?? `${toast.title}|${toast.description ?? ""}`) : null;
  useEffect(() => {
    if (!toast) return;
    const show = toast.variant === "error" ? sonner.error : toast.variant === "success" ? sonner.success : sonner;
    const body = toast.description || toast.detail || toast.link ? <ToastBody toast={toast} /> : undefined;
    show(toast.title, { description: body, id: key ?? undefined });
    // `key` identifies the toast; the object itself changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
