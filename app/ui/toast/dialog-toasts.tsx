import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { cn } from "~/ui/primitives/cn";
import { dismissInDialog, ToastBody, useToastsInDialog } from "./show-toast";

// The toasts' colours (app.css, flash-toast.tsx), so a message reads the same in a dialog.
const variants = {
  success: { icon: CircleCheck, className: "border-[#c7d8cb] bg-[#eef5ef] text-[#1f3d2b]" },
  error: { icon: CircleAlert, className: "border-[#f3c4c4] bg-[#fdecec] text-[#8a1c1c]" },
  info: { icon: Info, className: "border-[#f9e0a0] bg-[#fef9ec] text-[#5c3805]" },
};

/**
 * Toasts inside an open dialog, at the top of its content: while a dialog is open the toasts
 * come here instead of over it (show-toast.tsx). The same title and words as the toast.
 */
export function DialogToasts() {
  const all = useToastsInDialog();
  const frame = useRef<HTMLDivElement>(null);
  // A refusal whose words the dialog already shows under a field ("Passwords do not match") keeps only its title here.
  const [repeats, setRepeats] = useState<ReadonlySet<string>>(new Set());
  useLayoutEffect(() => {
    const dialog = frame.current?.closest('[role="dialog"]');
    if (!dialog) return;
    const fieldErrors = [...dialog.querySelectorAll<HTMLElement>('[id$="-error"]')].filter((element) => !frame.current!.contains(element) && element.checkVisibility()).map((element) => element.textContent?.trim());
    const said = all.filter((toast) => toast.variant === "error" && toast.description && fieldErrors.includes(toast.description.trim())).map((toast) => toast.id);
    if (said.length > 0 || repeats.size > 0) setRepeats((now) => (said.every((id) => now.has(id)) && said.length === now.size ? now : new Set(said)));
  }, [all, repeats.size]);
  const toasts = all.map((toast) => (repeats.has(toast.id) ? { ...toast, description: undefined } : toast));
  return (
    <div ref={frame} className={toasts.length > 0 ? "mb-4 flex flex-col gap-2" : "hidden"}>
      {toasts.map((toast) => {
        const variant = variants[toast.variant ?? "info"];
        const Icon = variant.icon;
        return (
          <div key={toast.id} data-dialog-toast="" role={toast.variant === "error" ? "alert" : "status"} className={cn("flex items-start gap-3 rounded-xl border p-3 text-sm", variant.className)}>
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="min-w-0 flex-1 [overflow-wrap:break-word]">
              <p className="font-semibold">{toast.title}</p>
              {(toast.description || toast.detail || toast.link || toast.action) && (
                <div className="mt-0.5">
                  <ToastBody toast={toast} onAction={() => dismissInDialog(toast.id)} />
                </div>
              )}
            </div>
            <button type="button" data-toast-close="" aria-label="Close message" onClick={() => dismissInDialog(toast.id)} className="-m-1 inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-ink/5">
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
