import type { ReactNode } from "react";

/**
 * "Other ways to sign in", under the password form and Google: each way a disclosure of its own
 * (one step away, keyboard- and screen-reader-friendly, and open without JavaScript). Every way
 * of signing in without a password adds its <SignInWay> here.
 */
export function OtherWays({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="other-ways-heading" className="mt-8 border-t border-border pt-6">
      <h2 id="other-ways-heading" className="text-center text-base font-semibold text-ink">
        Other ways to sign in
      </h2>
      <div className="mt-4 flex flex-col gap-3">{children}</div>
    </section>
  );
}

export function SignInWay({ id, title, open, children }: { id: string; title: string; open: boolean; children: ReactNode }) {
  return (
    <details id={id} open={open} className="group rounded-2xl border border-border bg-surface">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 font-semibold text-ink hover:bg-muted [&::-webkit-details-marker]:hidden">
        {title}
        <span aria-hidden="true" className="text-ink-muted transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="px-4 pt-2 pb-4">{children}</div>
    </details>
  );
}
