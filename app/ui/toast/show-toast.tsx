import { toast as sonner } from "sonner";
import type { Toast } from "~/platform/toast";

/** The one place sonner is called: its toaster (in the root layout) and `showToast`. */
export { Toaster } from "sonner";

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

/** Shows a toast now (a toast with an id replaces the one showing under that id). */
export function showToast(toast: Toast) {
  const show = toast.variant === "error" ? sonner.error : toast.variant === "success" ? sonner.success : sonner;
  const body = toast.description || toast.detail || toast.link ? <ToastBody toast={toast} /> : undefined;
  show(toast.title, { description: body, id: toast.id });
}
