import { Form } from "react-router";
import { toast as sonner } from "sonner";
import type { Toast, ToastAction } from "~/platform/toast";

/** The one place sonner is called: its toaster (in the root layout) and `showToast`. */
export { Toaster } from "sonner";

/** The description, then the detail line and the link, as the server's flash toast shows them. */
function ToastBody({ toast, id }: { toast: Toast; id: string | number }) {
  return (
    <>
      {toast.description}
      {toast.detail && <span className="mt-1 block whitespace-pre-line">{toast.detail}</span>}
      {toast.link && (
        <a href={toast.link.href} className="mt-1.5 block font-semibold underline underline-offset-4">
          {toast.link.label}
        </a>
      )}
      {toast.action && <ActionForm action={toast.action} onSent={() => sonner.dismiss(id)} />}
    </>
  );
}

/** The toast's button (an Undo): a form post of its fields, and the toast goes. */
function ActionForm({ action, onSent }: { action: ToastAction; onSent: () => void }) {
  return (
    <Form method="post" action={action.to} preventScrollReset onSubmit={onSent} className="mt-2">
      {Object.entries(action.fields).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one: string, index) => <input key={`${name}-${index}`} type="hidden" name={name} value={one} />))}
      <button
        type="submit"
        className="inline-flex min-h-9 cursor-pointer items-center rounded-full border border-current px-4 text-sm font-semibold hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
      >
        {action.label}
      </button>
    </Form>
  );
}

/** Shows a toast now (a toast with an id replaces the one showing under that id); one with an action stays as long as it is offered. */
export function showToast(toast: Toast) {
  const show = toast.variant === "error" ? sonner.error : toast.variant === "success" ? sonner.success : sonner;
  const id = toast.id ?? crypto.randomUUID();
  const body = toast.description || toast.detail || toast.link || toast.action ? <ToastBody toast={toast} id={id} /> : undefined;
  show(toast.title, { description: body, id, ...(toast.action ? { duration: toast.action.seconds * 1000 } : {}) });
}
