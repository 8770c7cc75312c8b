import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import type { Toast } from "~/platform/toast";
import { cn } from "~/ui/primitives/cn";

// The colours of the sonner toasts on React pages (see app.css), so both look alike.
const variants = {
  success: { icon: CircleCheck, className: "border-[#c7d8cb] bg-[#eef5ef] text-[#1f3d2b]" },
  error: { icon: CircleAlert, className: "border-[#f3c4c4] bg-[#fdecec] text-[#8a1c1c]" },
  info: { icon: Info, className: "border-[#f9e0a0] bg-[#fef9ec] text-[#5c3805]" },
};

/**
 * A flash toast rendered by the server, for pages served without React (where sonner does not
 * run). It reads without any script; the shell script announces it, closes it on its button and
 * hides it after a few seconds.
 */
export function FlashToast({ toast }: { toast: Toast }) {
  const variant = variants[toast.variant ?? "info"];
  const Icon = variant.icon;
  return (
    <section aria-label="Notifications" className="pointer-events-none fixed inset-x-0 top-4 z-[70] flex justify-center px-4">
      <div
        role={toast.variant === "error" ? "alert" : "status"}
        data-flash-toast=""
        className={cn(
          "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 text-sm shadow-card animate-pop-in",
          variant.className,
        )}
      >
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.description && <p className="mt-0.5">{toast.description}</p>}
          {toast.detail && <p className="mt-1">{toast.detail}</p>}
          {toast.link && (
            <a href={toast.link.href} className="mt-1.5 inline-block font-semibold underline underline-offset-4">
              {toast.link.label}
            </a>
          )}
        </div>
        <button
          type="button"
          data-toast-close=""
          aria-label="Close"
          className="-m-1 inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-ink/5"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </section>
  );
}
