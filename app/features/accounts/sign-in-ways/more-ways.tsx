import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * "More ways to sign in", under the password form and Google. Each way is one link away
 * (`?way=…`, a plain navigation, so it works without JavaScript); only the way that is open has
 * its form on the page, so no second e-mail field sits beside the login form's. Every way of
 * signing in without a password adds its <SignInWay> here.
 */
export function MoreWays({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="more-ways-heading" className="mt-8 border-t border-border pt-6">
      <h2 id="more-ways-heading" className="text-center text-base font-semibold text-ink">
        More ways to sign in
      </h2>
      <div className="mt-4 flex flex-col gap-3">{children}</div>
    </section>
  );
}

export function SignInWay({ id, title, href, open, children }: { id: string; title: string; href: string; open: boolean; children: ReactNode }) {
  if (!open) {
    return (
      <Link
        id={id}
        to={href}
        preventScrollReset
        replace
        className="flex min-h-12 items-center justify-between gap-3 rounded-2xl border border-border bg-surface px-4 py-3 font-semibold text-ink hover:bg-muted"
      >
        {title}
        <span aria-hidden="true" className="text-ink-muted">
          ›
        </span>
      </Link>
    );
  }
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-2xl border border-border bg-surface px-4 pt-3 pb-4">
      <h3 id={`${id}-title`} className="mb-3 font-semibold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}
